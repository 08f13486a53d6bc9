import type { ArenaOptions } from '../../core/index.ts';
import { arenaLogFor } from '../arena-log.ts';
import { processLines } from '../log-lines.ts';
import { logNotice } from '../notice.ts';
import { loadOrCreateKeys } from '../local/key-file.ts';
import { openLocalStore, type LocalStore, type SqliteOpener } from '../local/open-store.ts';
import type { Warn } from '../local/private-files.ts';
import { arenaSettingsOf, keysOf, publicOriginWarning } from './arena-options.ts';
import { listenAddressOf } from './listen-address.ts';
import { readEnvironment, type Configuration, type Environment } from './read.ts';
import { DEFAULTS } from './variables.ts';

/** How a Node, Bun or Deno process runs the arena, read from its environment. */
export interface LocalSettings {
  port: number;
  hostname: string;
  /** `ARENA_TRUST_PROXY` (1, true, yes or on): take the client address from the `X-Forwarded-For` hop the proxy appends. */
  trustProxy: boolean;
  dataDir: string;
  arena: ArenaOptions;
}

/** `ARENA_DATA_DIR`, where the key file and the embedded database are. */
export const dataDirOf = (config: Configuration): string => config.ARENA_DATA_DIR ?? DEFAULTS.ARENA_DATA_DIR;

/** Where records live: `DATABASE_URL` (with `DATABASE_POOL_SIZE` connections), else the data folder's SQLite file. */
export const localStoreOf = (config: Configuration): LocalStore => ({
  ...(config.DATABASE_URL !== undefined ? { databaseUrl: config.DATABASE_URL } : {}),
  poolSize: config.DATABASE_POOL_SIZE ?? DEFAULTS.DATABASE_POOL_SIZE,
  dataDir: dataDirOf(config),
});

/**
 * Every variable of the list (./variables.ts), read once; without `ARENA_SIGNING_KEY` the keys
 * come from the data folder's key file. Opens (and migrates) the store. What an operator should
 * know (no public origin, a data folder open to others) goes to `warn` (a JSON notice on
 * stderr), once each.
 */
export async function loadLocalSettings(env: Environment, openSqlite: SqliteOpener, warn: Warn = (line) => logNotice('warn', line)): Promise<LocalSettings> {
  // Every variable is checked before anything is created or opened.
  const config = readEnvironment(env);
  const warnOnce = once(warn);
  const originWarning = publicOriginWarning(config);
  if (originWarning) warnOnce(originWarning);
  const dataDir = dataDirOf(config);
  const keys = config.ARENA_SIGNING_KEY ? keysOf(config) : await loadOrCreateKeys(dataDir, warnOnce);
  const retiredPublicKeys = config.ARENA_SIGNING_KEY ? keys.retiredPublicKeys : [...keys.retiredPublicKeys, ...(config.ARENA_RETIRED_PUBLIC_KEYS ?? [])];
  return {
    ...listenAddressOf(config),
    trustProxy: config.ARENA_TRUST_PROXY ?? false,
    dataDir,
    arena: {
      ...keys,
      retiredPublicKeys,
      ...arenaSettingsOf(config),
      store: await openLocalStore(localStoreOf(config), openSqlite, warnOnce),
      log: arenaLogFor(config, processLines.out, processLines.err),
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
