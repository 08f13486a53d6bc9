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
  return new SqliteDialect({ database: withStatementCache(database) });
}

/** How many distinct statements stay prepared; the arena sends a few dozen. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew, and preparing costs more than running most of ours; the
 * same SQL texts come back again and again, so each is prepared once (least recently used
 * out). SQLite re-prepares a cached statement itself if the schema changes under it.
 */
function withStatementCache(database: SqliteClient): SqliteClient {
  const cache = new Map<string, ReturnType<SqliteClient['prepare']>>();
  return {
    exec: (sql) => database.exec(sql),
    close() {
      cache.clear();
      database.close();
    },
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

/** A statement that takes its parameters spread (`all(...params)`), as bun:sqlite and node:sqlite do. */
export interface SpreadingStatement {
  all(...parameters: any[]): unknown[];
  run(...parameters: any[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: any[]): IterableIterator<unknown>;
}

/**
 * Adapts a database whose statements spread their parameters to Kysely's shape, which passes
 * them as one array. Each driver says how it tells a reading statement, and may copy rows.
 */
export function fromSpreadingSqlite<Statement extends SpreadingStatement>(
  database: { prepare(sql: string): Statement; exec(sql: string): unknown; close(): void },
  isReader: (statement: Statement) => boolean,
  row: (value: unknown) => unknown = (value) => value,
): SqliteClient {
  return {
    exec: (sql) => database.exec(sql),
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        reader: isReader(statement),
        all: (parameters) => statement.all(...parameters).map(row),
        run: (parameters) => statement.run(...parameters),
        *iterate(parameters) {
          for (const value of statement.iterate(...parameters)) yield row(value);
        },
      };
    },
  };
}
