import { spawnServer, type SpawnedServer } from './spawned-server.ts';

/** A Node server process the test may kill outright, with everything it printed kept. */
export type KillableServer = SpawnedServer;

/** Runs `entry` (a path from the repository root) with `node --import tsx`, as the Node adapter is run. */
export function startKillable(entry: string, env: Record<string, string>): Promise<KillableServer> {
  return spawnServer(entry, [process.execPath, '--import', 'tsx', entry], env);
}
