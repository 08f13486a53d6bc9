/**
 * SQLite through a better-sqlite3-compatible database (better-sqlite3 itself, or the bun:sqlite
 * and node:sqlite wrappers beside this file), with the pragmas a shared file database needs.
 */
import type { Dialect, SqliteDatabase, SqliteStatement } from 'kysely';
import { sharedCommitDialect } from './shared-commit.ts';
import { isSqliteOutage, withOutageDetection } from './outages.ts';

/** What the dialect needs of the client: Kysely's `SqliteDatabase` shape plus `exec` for pragmas. */
export interface SqliteClient extends SqliteDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): FinalizableStatement;
}

/**
 * A statement, and its `finalize` where the driver has one: bun:sqlite closes a database with a
 * statement still open only once the statement is collected.
 */
export interface FinalizableStatement extends SqliteStatement {
  finalize?(): void;
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * WAL lets readers run beside the one writer; a writer waits up to `busyTimeoutMs` (5 s by
 * default) for another connection's write instead of failing at once, and past it the request
 * is answered 503 (see outages.ts); foreign keys are off by default in SQLite.
 */
export function sqlitePragmas(busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS): string[] {
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0) throw new RangeError(`the busy timeout must be a whole number of milliseconds, not ${busyTimeoutMs}`);
  return ['PRAGMA journal_mode = WAL', `PRAGMA busy_timeout = ${busyTimeoutMs}`, 'PRAGMA foreign_keys = ON'];
}

/**
 * Sets the pragmas on `database` and returns a dialect over it whose concurrent writes share
 * their commits (see ./shared-commit.ts), its outages named.
 */
export function createSqliteDialect(database: SqliteClient, options: { busyTimeoutMs?: number } = {}): Dialect {
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  for (const pragma of sqlitePragmas(busyTimeoutMs)) database.exec(pragma);
  return withOutageDetection(sharedCommitDialect(withStatementCache(database), busyTimeoutMs), isSqliteOutage);
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
      for (const statement of cache.values()) statement.finalize?.();
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
  finalize?(): void;
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
        finalize: statement.finalize && (() => statement.finalize!()),
        all: (parameters) => statement.all(...parameters).map(row),
        run: (parameters) => statement.run(...parameters),
        *iterate(parameters) {
          for (const value of statement.iterate(...parameters)) yield row(value);
        },
      };
    },
  };
}
