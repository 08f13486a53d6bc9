import { createArena } from '../../core/index.ts';
import { loadLocalSettings } from '../configuration/local-settings.ts';
import { cannotListen, failedStart } from '../failed-start.ts';
import { logNotice, logProcessEvents } from '../notice.ts';
import { stopGracefully } from '../graceful-shutdown.ts';
import { runtimeSqlite } from '../storage/sqlite-file.ts';
import { serve } from './index.ts';

logProcessEvents();

const settings = await loadLocalSettings(process.env, runtimeSqlite()).catch((error: unknown) => failedStart(error, process.exit));
const arena = createArena({ ...settings.arena, runtime: 'node' });
const { port, close } = await serve(arena, { port: settings.port, hostname: settings.hostname, trustProxy: settings.trustProxy }).catch((error: unknown) =>
  failedStart(cannotListen(error, settings.hostname, settings.port), process.exit),
);

stopGracefully({
  onSignal: (signal, handler) => process.on(signal, handler),
  endStreams: () => arena.endEventStreams(),
  drain: close,
  closeStore: () => settings.arena.store.close(),
  exit: (code) => process.exit(code),
});
// Announced once a stop signal is handled: a supervisor may send one as soon as it reads this.
logNotice('info', `Agent Arena (node) listening on http://localhost:${port}${arena.basePath}`);
