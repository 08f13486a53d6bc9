/**
 * Brings a database to the latest schema. Safe on every start, and when two processes start at
 * once on the same database: on PostgreSQL Kysely's migrator holds an advisory lock; on SQLite
 * and D1 (no lock) every statement is `IF NOT EXISTS`, so the loser of the race only fails to
 * record the migration the winner recorded, and a second look finds nothing left to do.
 */
import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { DialectFamily } from './family.ts';
import { leagueMigrations } from './migrations/provider.ts';

/** Runs every pending migration; resolves to the names of those this call ran and recorded. */
export async function migrateToLatest(db: Kysely<any>, family: DialectFamily): Promise<string[]> {
  const migrator = new Migrator({ db, provider: leagueMigrations(family) });
  const first = await migrator.migrateToLatest();
  if (first.error === undefined) return succeeded(first);
  const second = await migrator.migrateToLatest();
  if (second.error !== undefined) throw second.error;
  return [...succeeded(first), ...succeeded(second)];
}

function succeeded(run: MigrationResultSet): string[] {
  return (run.results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
