/** A migrated SQLite store in memory (better-sqlite3), for tests that need a `Store` and no file. */
import Database from 'better-sqlite3';
import type { Store } from '../../core/store/store.ts';
import { createSqliteDialect, openStore } from '../../storage/index.ts';

export function openMemoryStore(): Promise<Store> {
  return openStore(createSqliteDialect(new Database(':memory:')), 'sqlite');
}
