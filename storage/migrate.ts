/**
 * Brings a database to the latest schema. Safe on every start, and when two processes start at
 * once on the same database: on PostgreSQL Kysely's migrator holds an advisory lock; on SQLite
 * and D1 (no lock) every statement is `IF NOT EXISTS`, so the loser of a race only fails to
 * record a migration the winner recorded, and another look carries on from there.
 */
import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { DialectFamily } from './shared/family.ts';
import { arenaMigrations } from './migrations/provider.ts';

/** Runs every pending migration; resolves to the names of those this call ran and recorded. */
export async function migrateToLatest(db: Kysely<any>, family: DialectFamily): Promise<string[]> {
  const provider = arenaMigrations(family);
  const migrator = new Migrator({ db, provider });
  // Each lost race means the other process recorded one more migration, so one look per
  // migration, plus the first, is enough; an error that outlasts them is a real one.
  const looks = Object.keys(await provider.getMigrations()).length + 1;
  const ran: string[] = [];
  for (let look = 1; ; look++) {
    const run = await migrator.migrateToLatest();
    ran.push(...succeeded(run));
    if (run.error === undefined) return ran;
    if (look >= looks) throw run.error;
  }
}

function succeeded(run: MigrationResultSet): string[] {
  return (run.results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
