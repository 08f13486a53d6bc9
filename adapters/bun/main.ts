import http from 'node:http';
import { createArena } from '../../core/index.ts';
import { loadLocalSettings } from '../configuration/local-settings.ts';
import { failedStart, listening } from '../failed-start.ts';
import { logNotice, logProcessEvents } from '../notice.ts';
import { idleGrace, stopGracefully } from '../graceful-shutdown.ts';
import { runtimeSqlite } from '../storage/sqlite-file.ts';
import { errorHandler, fetchHandler } from './index.ts';

// Bun refuses request heads past 16 KiB with a bare 431. Its process-wide limit, the one
// `--max-http-header-size` sets and `Bun.serve` obeys, is raised to Node's 64 KiB so the core
// answers an oversized query (a long token, say) with its own problem document.
Reflect.set(http, 'maxHeaderSize', 65_536);

logProcessEvents();

const settings = await loadLocalSettings(Bun.env, runtimeSqlite()).catch((error: unknown) => failedStart(error, process.exit));
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
    fetch: fetchHandler(arena, { trustProxy: settings.trustProxy, closing: () => stopping }),
    error: errorHandler(arena),
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
