/** Readiness: the migrations the database has recorded, against those this instance expects. */
import { DEFAULT_MIGRATION_TABLE, type Kysely } from 'kysely';
import type { HealthStore } from '../../core/health/store.ts';
import type { Database } from '../database.ts';
import { arenaMigrations, finishesUpgrade } from '../migrations/provider.ts';
import type { DialectFamily } from '../shared/family.ts';

/** Health's part of the store, bound to the database. */
export function healthStore(db: Kysely<Database>, family: DialectFamily): HealthStore {
  const provider = arenaMigrations(family);
  return {
    async schemaState() {
      // One key-ordered read of Kysely's own table (it exists once the store is open), not an introspection.
      const recorded = await (db as Kysely<any>).selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute();
      const applied = new Set(recorded.map((row: { name: string }) => row.name));
      // A migration that finishes an upgrade waits for the operator on PostgreSQL (../migrate.ts): the instance is ready without it.
      const expected = Object.keys(await provider.getMigrations()).filter((name) => family !== 'postgres' || !finishesUpgrade(name));
      const pending = expected.filter((name) => !applied.has(name));
      return { applied: applied.size, pending };
    },
  };
}
