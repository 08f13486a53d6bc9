/**
 * SQLite through `node:sqlite` (Deno 2, which is where the arena uses it, and a Node whose
 * `StatementSync` has `columns()`): a `DatabaseSync` in Kysely's `SqliteDatabase` shape. It
 * spreads parameters, tells readers by `columns()`, and returns rows with a null prototype,
 * copied here into plain objects.
 */
import type { Dialect } from 'kysely';
import { createSqliteDialect, fromSpreadingSqlite, type SpreadingStatement, type SqliteClient } from './sqlite.ts';

/** The part of node:sqlite's `StatementSync` this needs. */
export interface NodeSqliteStatement extends SpreadingStatement {
  columns(): unknown[];
}

/** The part of node:sqlite's `DatabaseSync` this needs. */
export interface NodeSqliteDatabase {
  prepare(sql: string): NodeSqliteStatement;
  exec(sql: string): void;
  close(): void;
}

/** Kysely's SQLite dialect over a node:sqlite database, with the file pragmas set. */
export function createNodeSqliteDialect(database: NodeSqliteDatabase): Dialect {
  return createSqliteDialect(fromNodeSqlite(database));
}

export function fromNodeSqlite(database: NodeSqliteDatabase): SqliteClient {
  return fromSpreadingSqlite(
    database,
    (statement) => statement.columns().length > 0,
    (row) => ({ ...(row as object) }),
  );
}
