/**
 * SQLite through a better-sqlite3-compatible database (better-sqlite3 itself, or the bun:sqlite
 * and node:sqlite wrappers beside this file), with the pragmas a shared file database needs.
 */
import { SqliteDialect, type Dialect, type SqliteDatabase } from 'kysely';

/** What the dialect needs of the client: Kysely's `SqliteDatabase` shape plus `exec` for pragmas. */
export interface SqliteClient extends SqliteDatabase {
  exec(sql: string): unknown;
}

/**
 * WAL lets readers run beside the one writer; a writer waits up to 5 s for another connection's
 * write instead of failing at once; foreign keys are off by default in SQLite.
 */
export const SQLITE_PRAGMAS = ['PRAGMA journal_mode = WAL', 'PRAGMA busy_timeout = 5000', 'PRAGMA foreign_keys = ON'];

/** Sets the pragmas on `database` and returns Kysely's `SqliteDialect` over it. */
export function createSqliteDialect(database: SqliteClient): Dialect {
  for (const pragma of SQLITE_PRAGMAS) database.exec(pragma);
  return new SqliteDialect({ database });
}
