/**
 * `agent-arena/storage/kysely`: the arena's Store on a Kysely instance of your own, over any
 * dialect of the SQLite or PostgreSQL family.
 */
import { sql, type Kysely } from 'kysely';
import type { Store } from '../core/store/store.ts';
import type { Database } from './database.ts';
import { sqlitePragmas } from './dialects/sqlite.ts';
import { createKyselyStore } from './kysely-store.ts';
import { migrateToLatest } from './migrate.ts';
import type { DialectFamily } from './shared/family.ts';

export type { DialectFamily } from './shared/family.ts';

/**
 * Brings `db`'s database to the arena's latest schema (its tables, and Kysely's
 * `kysely_migration` tables: give the arena a database, or a PostgreSQL schema, of its own) and
 * returns the Store over it. The arena's queries run without `db`'s plugins, which would rename
 * its columns. On SQLite the connection gets the pragmas the store needs (WAL, a 5 s busy
 * timeout, foreign keys). `db` stays yours: the store's `close()` leaves it open.
 */
export async function openKyselyStore(db: Kysely<any>, family: DialectFamily): Promise<Store> {
  const own = db.withoutPlugins() as Kysely<Database>;
  if (family === 'sqlite') for (const pragma of sqlitePragmas()) await sql.raw(pragma).execute(own);
  await migrateToLatest(own, family);
  return { ...createKyselyStore(own, family), close: async () => undefined };
}
