import { COMMANDS, type Runtime } from './servers.ts';
import { spawnServer, type SpawnedServer } from './spawned-server.ts';

/** A local adapter started under a given umask, with everything it printed kept. */
export type LocalServer = SpawnedServer;

/** Starts the runtime's main.ts through `sh` so the umask applies to it, and waits until it listens. */
export function startLocal(runtime: Exclude<Runtime, 'workers'>, env: Record<string, string>, umask = '022'): Promise<LocalServer> {
  return spawnServer(runtime, ['sh', '-c', `umask ${umask} && exec "$@"`, 'sh', ...COMMANDS[runtime]], env);
}
