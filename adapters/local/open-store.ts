import { join } from 'node:path';
import type { Dialect } from 'kysely';
import type { Store } from '../../core/store/store.ts';
import { createPostgresDialect, openStore, postgresEventNotices, type DialectFamily, type EventNotices } from '../../storage/index.ts';
import { logNotice } from '../notice.ts';
import { withBackgroundCheckpoints, type SqliteLibrary } from './background-checkpoints.ts';
import { ensurePrivateFile, ensurePrivateFolder, type Warn } from './private-files.ts';

/** Opens the runtime's SQLite database file as a Kysely dialect, through `library`. */
export interface SqliteOpener {
  library: SqliteLibrary;
  open(path: string): Dialect;
}

export const DATABASE_FILE = 'arena.db';

/** Where records live, as the configuration says (../configuration/local-settings.ts). */
export interface LocalStore {
  /** PostgreSQL's `postgres://` URL; unset, the embedded SQLite file in `dataDir`. */
  databaseUrl?: string;
  /** Connections per instance to PostgreSQL. */
  poolSize: number;
  dataDir: string;
}

/**
 * Where records live: PostgreSQL when a database URL is given (so several instances can share
 * one league), otherwise the embedded SQLite file `<dataDir>/arena.db`, created 0600 (as its
 * `-wal` and `-shm` then are) before SQLite opens it, whatever the umask, its log copied back
 * into it on a worker thread (./background-checkpoints.ts).
 */
export async function localDialect(
  { databaseUrl: url, poolSize, dataDir }: LocalStore,
  openSqlite: SqliteOpener,
  warn: Warn = console.warn,
): Promise<{ dialect: Dialect; family: DialectFamily; where: string; notices?: EventNotices }> {
  if (url) {
    const { default: pg } = await import('pg');
    // A connect that hangs (a partitioned network) fails after 5 s, and is answered 503.
    const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
    const onError = (error: Error) => logNotice('warn', `a PostgreSQL connection failed (${error.message}); the pool reconnects on the next query`);
    // Listening holds one connection of the pool for good: a pool of one is left to its queries, and its streams poll.
    const notices =
      poolSize > 1
        ? postgresEventNotices(pool, (error) => logNotice('warn', `listening for other instances' events failed (${error.message}); listening again, and polling meanwhile`))
        : undefined;
    return { dialect: createPostgresDialect(pool, { onError }), family: 'postgres', where: `PostgreSQL at ${new URL(url).host}`, notices };
  }
  await ensurePrivateFolder(dataDir, warn);
  const path = join(dataDir, DATABASE_FILE);
  await ensurePrivateFile(path, [`${path}-wal`, `${path}-shm`, `${path}-journal`]);
  return { dialect: withBackgroundCheckpoints(openSqlite.open(path), path, openSqlite.library), family: 'sqlite', where: `SQLite at ${path}` };
}

/** The durable store over the local dialect, migrated on open. */
export async function openLocalStore(where: LocalStore, openSqlite: SqliteOpener, warn: Warn = console.warn): Promise<Store> {
  const { dialect, family, notices } = await localDialect(where, openSqlite, warn);
  return openStore(dialect, family, notices);
}
