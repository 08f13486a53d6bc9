/**
 * SQLite on Bun: a `bun:sqlite` Database in Kysely's `SqliteDatabase` shape. Bun spreads
 * parameters (`stmt.all(...params)`) and has no `reader` flag: a statement that yields columns
 * (a SELECT, or anything with RETURNING) is read with `all`, any other is run.
 */
import type { Dialect } from 'kysely';
import { createSqliteDialect, fromSpreadingSqlite, type SpreadingStatement, type SqliteClient } from './sqlite.ts';

/** The part of bun:sqlite's `Statement` this needs. */
export interface BunSqliteStatement extends SpreadingStatement {
  readonly columnNames: string[];
}

/** The part of bun:sqlite's `Database` this needs. */
export interface BunSqliteDatabase {
  prepare(sql: string): BunSqliteStatement;
  exec(sql: string): unknown;
  close(): void;
}

/** Kysely's SQLite dialect over a bun:sqlite database, with the file pragmas set. */
export function createBunSqliteDialect(database: BunSqliteDatabase): Dialect {
  return createSqliteDialect(fromBunSqlite(database));
}

export function fromBunSqlite(database: BunSqliteDatabase): SqliteClient {
  return fromSpreadingSqlite(database, (statement) => statement.columnNames.length > 0);
}
