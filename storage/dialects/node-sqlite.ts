/**
 * SQLite through `node:sqlite` (Deno 2, which is where the arena uses it, and a Node whose
 * `StatementSync` has `columns()`): a `DatabaseSync` in Kysely's `SqliteDatabase` shape. It
 * spreads parameters, tells readers by `columns()`, and returns rows with a null prototype,
 * copied here into plain objects.
 */
import type { Dialect } from 'kysely';
import { createSqliteDialect, type SqliteClient } from './sqlite.ts';

/** The part of node:sqlite's `StatementSync` this needs. */
export interface NodeSqliteStatement {
  columns(): unknown[];
  all(...parameters: any[]): unknown[];
  run(...parameters: any[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: any[]): IterableIterator<unknown>;
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
  return {
    exec: (sql) => database.exec(sql),
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters).map(plain),
        run: (parameters) => statement.run(...parameters),
        *iterate(parameters) {
          for (const row of statement.iterate(...parameters)) yield plain(row);
        },
      };
    },
  };
}

function plain(row: unknown): unknown {
  return { ...(row as object) };
}
