/// <reference path="../node-sqlite.d.ts" />
import { DatabaseSync } from 'node:sqlite';
import { createArena, internalFailure, refusal, useSha256 } from '../../core/index.ts';
import { createNodeSqliteDialect } from '../../storage/index.ts';
import { clientAddress } from '../client-address.ts';
import { loadLocalSettings } from '../configuration/local-settings.ts';
import { failedStart, listening } from '../failed-start.ts';
import { logFailure } from '../log-failure.ts';
import { logNotice, logProcessEvents } from '../notice.ts';
import { nativeSha256 } from '../native-sha256.ts';
import { closingConnection, idleGrace, stopGracefully } from '../graceful-shutdown.ts';
import { compressed } from '../zlib-compression.ts';
import { ConnectionClosed, toDenoResponse } from './closing-answer.ts';

logProcessEvents();

// Checksums, digests and commitments hashed natively: the same SHA-256, several times faster.
useSha256(nativeSha256);

const settings = await loadLocalSettings(Deno.env.toObject(), {
  library: 'node:sqlite',
  open: (path) => createNodeSqliteDialect(new DatabaseSync(path)),
}).catch((error: unknown) => failedStart(error, (code) => Deno.exit(code)));
const arena = createArena({ ...settings.arena, runtime: 'deno' });
// Once stopping, every answer closes its connection (graceful-shutdown.ts).
let stopping = false;
const server = listening(settings, (code) => Deno.exit(code), () =>
  Deno.serve(
    {
      port: settings.port,
      hostname: settings.hostname,
      // Announced below, once a stop signal is handled (rather than Deno's own line).
      onListen: () => undefined,
      // Also told of an answer's body failing after its head was sent; the value is then unused.
      onError: (error) => {
        if (!(error instanceof ConnectionClosed)) logFailure('answering a request failed', error);
        return refusal(internalFailure(), undefined, arena.basePath);
      },
    },
    async (request, info) => {
      const peer = info.remoteAddr.transport === 'tcp' ? info.remoteAddr.hostname : undefined;
      const address = clientAddress(request, peer, settings.trustProxy);
      // Compressed while the answer still holds its bytes: asking an ordinary Response whether it
      // has a body makes Deno build a stream for it, and serve it as one.
      const answer = await arena.answer(request, address === undefined ? {} : { clientAddress: address });
      const sent = await compressed(answer, request.headers.get('accept-encoding'));
      return toDenoResponse(stopping ? closingConnection(sent) : sent);
    },
  ),
);

stopGracefully({
  onSignal: (signal, handler) => Deno.addSignalListener(signal, handler),
  endStreams: () => arena.endEventStreams(),
  // Deno's shutdown() closes every connection with no request in flight, a new one whose request
  // has not been read yet included: so listening goes on for the grace, every answer closing its
  // connection, and shutdown() comes once the clients have had their last answers. It resolves
  // once the answers in flight are sent.
  drain: async () => {
    stopping = true;
    await idleGrace();
    await server.shutdown();
  },
  closeStore: () => settings.arena.store.close(),
  exit: (code) => Deno.exit(code),
});
// Announced once a stop signal is handled: a supervisor may send one as soon as it reads this.
logNotice('info', `Agent Arena (deno) listening on http://localhost:${server.addr.port}${arena.basePath}`);
