import { Database } from 'bun:sqlite';
import http from 'node:http';
import { answerHeaders, createArena, internalFailure, refusal, standardResponse, useSha256 } from '../../core/index.ts';
import { createBunSqliteDialect } from '../../storage/index.ts';
import { clientAddress } from '../client-address.ts';
import { loadLocalSettings } from '../local/settings.ts';
import { failedStart } from '../failed-start.ts';
import { logFailure } from '../log-failure.ts';
import { nativeSha256 } from '../native-sha256.ts';
import { closingConnection, idleGrace, stopGracefully } from '../graceful-shutdown.ts';
import { compressed } from '../zlib-compression.ts';

// Bun refuses request heads past 16 KiB with a bare 431. Its process-wide limit, the one
// `--max-http-header-size` sets and `Bun.serve` obeys, is raised to Node's 64 KiB so the core
// answers an oversized query (a long token, say) with its own problem document.
Reflect.set(http, 'maxHeaderSize', 65_536);

// Checksums, digests and commitments hashed natively: the same SHA-256, several times faster.
useSha256(nativeSha256);

const settings = await loadLocalSettings(Bun.env, {
  library: 'bun:sqlite',
  open: (path) => createBunSqliteDialect(new Database(path, { create: true })),
}).catch((error: unknown) => failedStart(error, process.exit));
const arena = createArena({ ...settings.arena, runtime: 'bun' });
// Once stopping, every answer closes its connection (graceful-shutdown.ts).
let stopping = false;
const server = Bun.serve({
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
    return standardResponse(stopping ? closingConnection(sent) : sent);
  },
  error: (error) => {
    logFailure('the fetch handler threw', error);
    return refusal(internalFailure());
  },
});
console.log(`Agent Arena (bun) listening on http://localhost:${server.port}`);

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
  say: (line) => console.log(line),
});

/** A streamed answer that may stay quiet for a while (`GET /api/events`, an export waiting on the store). */
function isStream(answer: Response): boolean {
  const headers = answerHeaders(answer);
  const type = headers.get('content-type') ?? '';
  return headers.get('content-length') === null && (type.startsWith('text/event-stream') || type.startsWith('application/x-ndjson'));
}
