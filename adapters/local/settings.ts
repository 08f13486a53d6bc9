import type { ArenaOptions } from '../../core/index.ts';
import { keysFromEnv, settingsFromEnv, retiredKeysFromEnv, type Environment } from '../env-options.ts';
import { loadOrCreateKeys } from './key-file.ts';
import { openLocalStore, type SqliteOpener } from './open-store.ts';

/** How a Node, Bun or Deno process runs the arena, read from its environment. */
export interface LocalSettings {
  port: number;
  hostname: string;
  /** `ARENA_TRUST_PROXY=1`: take the client address from the first `X-Forwarded-For` hop. */
  trustProxy: boolean;
  dataDir: string;
  arena: ArenaOptions;
}

/**
 * `PORT` (8787), `HOST` (0.0.0.0), `ARENA_DATA_DIR` (./data), `DATABASE_URL` and the key
 * variables of `keysFromEnv`; without `ARENA_SIGNING_KEY` the keys come from the data
 * folder's key file. Opens (and migrates) the store.
 */
export async function loadLocalSettings(env: Environment, openSqlite: SqliteOpener): Promise<LocalSettings> {
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const dataDir = env.ARENA_DATA_DIR || './data';
  const keys = env.ARENA_SIGNING_KEY ? keysFromEnv(env) : await loadOrCreateKeys(dataDir);
  const retiredPublicKeys = env.ARENA_SIGNING_KEY ? keys.retiredPublicKeys : [...keys.retiredPublicKeys, ...retiredKeysFromEnv(env)];
  return {
    port,
    hostname: env.HOST || '0.0.0.0',
    trustProxy: env.ARENA_TRUST_PROXY === '1',
    dataDir,
    arena: { ...keys, retiredPublicKeys, ...settingsFromEnv(env), store: await openLocalStore(env, dataDir, openSqlite) },
  };
}
