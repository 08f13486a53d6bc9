import { Database } from 'bun:sqlite';
import http from 'node:http';
import { answerHeaders, createArena, internalFailure, refusal, standardResponse, useSha256, withHeaders } from '../../core/index.ts';
import { createBunSqliteDialect } from '../../storage/index.ts';
import { clientAddress } from '../client-address.ts';
import { loadLocalSettings } from '../configuration/local-settings.ts';
import { failedStart, listening } from '../failed-start.ts';
import { logFailure } from '../log-failure.ts';
import { logNotice, logProcessEvents } from '../notice.ts';
import { nativeSha256 } from '../native-sha256.ts';
import { closingConnection, idleGrace, stopGracefully } from '../graceful-shutdown.ts';
import { compressed } from '../zlib-compression.ts';

// Bun refuses request heads past 16 KiB with a bare 431. Its process-wide limit, the one
// `--max-http-header-size` sets and `Bun.serve` obeys, is raised to Node's 64 KiB so the core
// answers an oversized query (a long token, say) with its own problem document.
Reflect.set(http, 'maxHeaderSize', 65_536);

logProcessEvents();

// Checksums, digests and commitments hashed natively: the same SHA-256, several times faster.
useSha256(nativeSha256);

const settings = await loadLocalSettings(Bun.env, {
  library: 'bun:sqlite',
  open: (path) => createBunSqliteDialect(new Database(path, { create: true })),
}).catch((error: unknown) => failedStart(error, process.exit));
const arena = createArena({ ...settings.arena, runtime: 'bun' });
// Once stopping, every answer closes its connection (graceful-shutdown.ts).
let stopping = false;
const server = listening(settings, process.exit, () =>
  Bun.serve({
    port: settings.port,
    hostname: settings.hostname,
    // Never Bun's development error page, with its absolute paths and source lines.
    development: false,
    // Bun answers a body declared past 128 MiB with its own bare 413; every body limit is the
    // core's (16384 bytes, refused from Content-Length before anything is read).
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    fetch: async (request, bun) => {
      const address = clientAddress(request, bun.requestIP(request)?.address, settings.trustProxy);
      // Compressed while the answer still holds its bytes: asking an ordinary Response whether it
      // has a body makes Bun build a stream for it, and serve it as one.
      const answer = await arena.answer(request, address === undefined ? {} : { clientAddress: address });
      // Bun closes a connection idle for 10 s; an event stream is quiet for up to its heartbeat, and
      // ends when its client goes.
      if (isStream(answer)) bun.timeout(request, 0);
      const sent = await compressed(answer, request.headers.get('accept-encoding'));
      if (stopping) return standardResponse(closingConnection(sent));
      // Kept open for the rest of a refused body (withoutEarlyClose), the connection closes once the
      // client has sent nothing for a second (Bun counts in steps of about 4 s).
      if (closesEarly(sent)) bun.timeout(request, 1);
      return standardResponse(withoutEarlyClose(sent));
    },
    error: (error) => {
      logFailure('the fetch handler threw', error);
      return refusal(internalFailure(), undefined, arena.basePath);
    },
  }),
);

stopGracefully({
  onSignal: (signal, handler) => process.on(signal, handler),
  endStreams: () => arena.endEventStreams(),
  // Bun's stop() closes every connection with no request in flight, and drops a request that comes
  // later on one it left open: so listening goes on for the grace, every answer closing its
  // connection, and stop() comes once the clients have had their last answers. It resolves once
  // the answers in flight are sent.
  drain: async () => {
    stopping = true;
    await idleGrace();
    await server.stop();
  },
  closeStore: () => settings.arena.store.close(),
  exit: (code) => process.exit(code),
});
// Announced once a stop signal is handled: a supervisor may send one as soon as it reads this.
logNotice('info', `Agent Arena (bun) listening on http://localhost:${server.port}${arena.basePath}`);

/** Whether the core asks to close the connection: a 413 given before the body was all read. */
function closesEarly(answer: Response): boolean {
  return answerHeaders(answer).get('connection')?.toLowerCase() === 'close';
}

/**
 * The answer, without the `Connection: close` the core puts on a 413 given before the body was
 * all read. Bun closes such a connection the moment the answer is written, with the client
 * still sending: the connection is reset, and the client reports the reset, not the 413 (a
 * 100 MB chunked body, nearly every time). Nor can it close later: a streamed answer it sends
 * chunked, so a client still sending could not finish reading it before the close. Kept open,
 * Bun reads and discards the rest of the body as it comes, and the 413 arrives.
 */
function withoutEarlyClose(answer: Response): Response {
  if (!closesEarly(answer)) return answer;
  return withHeaders(answer, (headers) => headers.delete('connection'));
}

/** A streamed answer that may stay quiet for a while (`GET /api/events`, an export waiting on the store). */
function isStream(answer: Response): boolean {
  const headers = answerHeaders(answer);
  const type = headers.get('content-type') ?? '';
  return headers.get('content-length') === null && (type.startsWith('text/event-stream') || type.startsWith('application/x-ndjson'));
}
