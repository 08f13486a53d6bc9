/**
 * The storage layer: the core's `Store` on Kysely, its schema and migrations, and one dialect
 * factory per client. Adapters build the client (a file, a pool, a binding) and pass it in;
 * nothing here reads the environment or imports a runtime module.
 */
import { Kysely, type Dialect } from 'kysely';
import type { Store } from '../core/store/store.ts';
import type { Database } from './database.ts';
import type { DialectFamily } from './shared/family.ts';
import type { EventNotices } from './events/notices.ts';
import { createKyselyStore } from './kysely-store.ts';
import { migrateToLatest } from './migrate.ts';

export type { Database } from './database.ts';
export type { DialectFamily } from './shared/family.ts';
export { createKyselyStore } from './kysely-store.ts';
export { migrateToLatest } from './migrate.ts';
export { arenaMigrations } from './migrations/provider.ts';
export { createSqliteDialect, sqlitePragmas, type SqliteClient } from './dialects/sqlite.ts';
export { createBunSqliteDialect, type BunSqliteDatabase } from './dialects/bun-sqlite.ts';
export { createNodeSqliteDialect, type NodeSqliteDatabase } from './dialects/node-sqlite.ts';
export { createD1Dialect, type D1DatabaseLike, type D1StatementLike } from './dialects/d1.ts';
export { createPGliteDialect, type PGliteLike } from './dialects/pglite.ts';
export { createPostgresDialect, type PgPoolClientLike, type PgPoolLike } from './dialects/postgres.ts';
export { postgresEventNotices, type EventNotices } from './events/notices.ts';

/**
 * Opens a store: builds Kysely over the dialect, brings the schema to the latest migration and
 * returns the store, whose `close()` destroys Kysely (and with it the dialect's client). On
 * PostgreSQL, `notices` (`postgresEventNotices` over the same pool) wake the event streams.
 * `afterMigrating` runs once the schema is the latest, before the store is returned.
 */
export async function openStore(dialect: Dialect, family: DialectFamily, notices?: EventNotices, afterMigrating?: (db: Kysely<Database>) => Promise<void>): Promise<Store> {
  const db = new Kysely<Database>({ dialect });
  try {
    await migrateToLatest(db, family);
    await afterMigrating?.(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return createKyselyStore(db, family, notices);
}
