import { createArena } from '../../core/index.ts';
import { loadLocalSettings } from '../configuration/local-settings.ts';
import { failedStart, listening } from '../failed-start.ts';
import { exitAfterLines } from '../log-lines.ts';
import { logNotice, logProcessEvents } from '../notice.ts';
import { idleGrace, stopGracefully } from '../graceful-shutdown.ts';
import { runtimeSqlite } from '../storage/sqlite-file.ts';
import { errorHandler, fetchHandler } from './index.ts';

logProcessEvents();
const exit = exitAfterLines((code) => Deno.exit(code));

const settings = await loadLocalSettings(Deno.env.toObject(), runtimeSqlite()).catch((error: unknown) => failedStart(error, exit));
const arena = createArena({ ...settings.arena, runtime: 'deno' });
// Once stopping, every answer closes its connection (graceful-shutdown.ts).
let stopping = false;
const server = listening(settings, exit, () =>
  Deno.serve(
    {
      port: settings.port,
      hostname: settings.hostname,
      // Announced below, once a stop signal is handled (rather than Deno's own line).
      onListen: () => undefined,
      onError: errorHandler(arena),
    },
    fetchHandler(arena, { trustProxy: settings.trustProxy, closing: () => stopping }),
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
  exit,
});
// Announced once a stop signal is handled: a supervisor may send one as soon as it reads this.
logNotice('info', `Agent Arena (deno) listening on http://localhost:${server.addr.port}${arena.basePath}`);
