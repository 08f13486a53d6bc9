/** `agent-arena/storage/d1`: the arena's Store on a Cloudflare D1 binding. */
import { sql, type Kysely } from 'kysely';
import type { Store } from '../core/store/store.ts';
import { createD1Dialect, type D1DatabaseLike } from './dialects/d1.ts';
import { openStore } from './index.ts';

export type { D1DatabaseLike, D1StatementLike } from './dialects/d1.ts';

/**
 * Opens the Store on `binding` (a Worker's D1 database), its schema brought to the latest
 * migration. Migrations are applied with `wrangler d1 migrations apply` (storage/migrations/d1/);
 * any left pending the Worker runs itself, and records in wrangler's table too.
 */
export function openD1Store(binding: D1DatabaseLike): Promise<Store> {
  return openStore(createD1Dialect(binding), 'sqlite', undefined, recordForWrangler);
}

/**
 * Every migration Kysely's table records, recorded in `d1_migrations` (wrangler's table, made as
 * wrangler makes it) under its SQL file's name, so `wrangler d1 migrations apply` applies none
 * of them again. Done on every open, not only after this open migrated: an isolate stopped
 * between the two would otherwise leave them unrecorded for good.
 */
async function recordForWrangler(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`.execute(db);
  await sql`INSERT OR IGNORE INTO d1_migrations (name) SELECT name || '.sql' FROM kysely_migration ORDER BY name`.execute(db);
}
