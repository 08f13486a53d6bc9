import type { ArenaOptions } from '../../core/index.ts';
import { keysFromEnv, publicOriginWarning, settingsFromEnv, retiredKeysFromEnv, type Environment } from '../env-options.ts';
import { readEnvironment } from '../environment.ts';
import { arenaLogFor } from '../arena-log.ts';
import { logNotice } from '../notice.ts';
import { loadOrCreateKeys } from './key-file.ts';
import { openLocalStore, type SqliteOpener } from './open-store.ts';
import type { Warn } from './private-files.ts';

/** How a Node, Bun or Deno process runs the arena, read from its environment. */
export interface LocalSettings {
  port: number;
  hostname: string;
  /** `ARENA_TRUST_PROXY` (1, true, yes or on): take the client address from the `X-Forwarded-For` hop the proxy appends. */
  trustProxy: boolean;
  dataDir: string;
  arena: ArenaOptions;
}

/**
 * `PORT` (8787), `HOST` (0.0.0.0), `ARENA_DATA_DIR` (./data), `DATABASE_URL` and the key
 * variables of `keysFromEnv`; without `ARENA_SIGNING_KEY` the keys come from the data
 * folder's key file. Opens (and migrates) the store. What an operator should know (no public
 * origin, a data folder open to others) goes to `warn` (a JSON notice on stderr), once each.
 */
export async function loadLocalSettings(env: Environment, openSqlite: SqliteOpener, warn: Warn = (line) => logNotice('warn', line)): Promise<LocalSettings> {
  // Every variable is checked before anything is created or opened.
  const config = readEnvironment(env);
  const warnOnce = once(warn);
  const originWarning = publicOriginWarning(env);
  if (originWarning) warnOnce(originWarning);
  const dataDir = config.ARENA_DATA_DIR ?? './data';
  const keys = config.ARENA_SIGNING_KEY ? keysFromEnv(env) : await loadOrCreateKeys(dataDir, warnOnce);
  const retiredPublicKeys = config.ARENA_SIGNING_KEY ? keys.retiredPublicKeys : [...keys.retiredPublicKeys, ...retiredKeysFromEnv(env)];
  return {
    port: config.PORT ?? 8787,
    hostname: config.HOST ?? '0.0.0.0',
    trustProxy: config.ARENA_TRUST_PROXY ?? false,
    dataDir,
    arena: {
      ...keys,
      retiredPublicKeys,
      ...settingsFromEnv(env),
      store: await openLocalStore(env, dataDir, openSqlite, warnOnce),
      log: arenaLogFor(config, (line) => console.log(line), (line) => console.error(line)),
    },
  };
}

/** The key file and the database both check the data folder: say each thing once. */
function once(warn: Warn): Warn {
  const said = new Set<string>();
  return (line) => {
    if (said.has(line)) return;
    said.add(line);
    warn(line);
  };
}
