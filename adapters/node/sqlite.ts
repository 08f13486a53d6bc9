/// <reference path="../node-sqlite.d.ts" />
import type { SqliteOpener } from '../local/open-store.ts';
import { createNodeSqliteDialect, createSqliteDialect } from '../../storage/index.ts';

/**
 * The embedded database's driver: Node's own `node:sqlite` where Node ships it unflagged
 * (22.13 and later), so a newer Node needs no native addon built for it; better-sqlite3 on
 * Node 20, loaded only there.
 */
export async function nodeSqliteOpener(): Promise<SqliteOpener> {
  const builtin = process.getBuiltinModule?.('node:sqlite') as typeof import('node:sqlite') | undefined;
  if (builtin) return { library: 'node:sqlite', open: (path) => createNodeSqliteDialect(new builtin.DatabaseSync(path)) };
  const { default: Database } = await import('better-sqlite3');
  return { library: 'better-sqlite3', open: (path) => createSqliteDialect(new Database(path)) };
}
