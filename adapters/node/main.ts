import { createArena, useSha256 } from '../../core/index.ts';
import { loadLocalSettings } from '../configuration/local-settings.ts';
import { cannotListen, failedStart } from '../failed-start.ts';
import { logNotice, logProcessEvents } from '../notice.ts';
import { nativeSha256 } from '../native-sha256.ts';
import { stopGracefully } from '../graceful-shutdown.ts';
import { serve } from './serve.ts';
import { nodeSqliteOpener } from './sqlite.ts';

logProcessEvents();

// Checksums, digests and commitments hashed natively: the same SHA-256, several times faster.
useSha256(nativeSha256);

const settings = await loadLocalSettings(process.env, await nodeSqliteOpener()).catch((error: unknown) => failedStart(error, process.exit));
const arena = createArena({ ...settings.arena, runtime: 'node' });
const { port, drain } = await serve({ fetch: arena.answer, port: settings.port, hostname: settings.hostname, trustProxy: settings.trustProxy, basePath: arena.basePath }).catch((error: unknown) =>
  failedStart(cannotListen(error, settings.hostname, settings.port), process.exit),
);

stopGracefully({
  onSignal: (signal, handler) => process.on(signal, handler),
  endStreams: () => arena.endEventStreams(),
  drain,
  closeStore: () => settings.arena.store.close(),
  exit: (code) => process.exit(code),
});
// Announced once a stop signal is handled: a supervisor may send one as soon as it reads this.
logNotice('info', `Agent Arena (node) listening on http://localhost:${port}${arena.basePath}`);
