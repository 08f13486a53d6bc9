/** Building `StoreTarget`s: open a store the way `openStore` does, and close what was opened. */
import { Kysely, Migrator, type Dialect } from 'kysely';
import type { Database, DialectFamily } from '../../storage/index.ts';
import { createKyselyStore, arenaMigrations, migrateToLatest } from '../../storage/index.ts';
import type { OpenedStore, StoreTarget } from './store-suite.ts';

/** Kysely over `dialect`, migrated, with the store on it; `migrate` runs the migrations again. */
export async function openOn(dialect: Dialect, family: DialectFamily): Promise<OpenedStore> {
  const db = new Kysely<Database>({ dialect });
  let ran: string[];
  try {
    ran = await migrateToLatest(db, family);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    store: createKyselyStore(db, family),
    ran,
    db,
    migrate: () => migrateToLatest(db, family, { finish: true }),
    async migrateDown() {
      const { error, results } = await new Migrator({ db, provider: arenaMigrations(family) }).migrateDown();
      if (error !== undefined) throw error;
      return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
    },
  };
}

/** A target whose every opened store is closed on `dispose`, before `cleanup` removes the database. */
export function trackedTarget(family: DialectFamily, dialect: () => Dialect, cleanup: () => Promise<void> = async () => {}): StoreTarget {
  const opened: OpenedStore[] = [];
  return {
    async open() {
      const store = await openOn(dialect(), family);
      opened.push(store);
      return store;
    },
    async dispose() {
      await Promise.all(opened.map(({ store }) => store.close()));
      await cleanup();
    },
  };
}
