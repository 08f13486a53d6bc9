/**
 * Brings a database to the latest schema. Safe on every start, and when two processes start at
 * once on the same database: on PostgreSQL Kysely's migrator holds an advisory lock; on SQLite
 * and D1 (no lock) every statement is `IF NOT EXISTS`, so the loser of a race only fails to
 * record a migration the winner recorded, and another look carries on from there.
 *
 * Upgrades are expand, then contract (docs/running.md, Upgrades). On PostgreSQL, where instances
 * of two releases share the database during a rolling upgrade, a start runs only the migrations
 * that add (the previous release runs on their result); those that finish an upgrade
 * (`finishesUpgrade`) run when asked (`finish`, `npm run migrate -- --finish`), or at once on a
 * new database, which no earlier release has served. SQLite and D1 serve one release at a time,
 * so a start runs them all.
 *
 * A database a later release has migrated, but not finished, is served as it is: its added
 * migrations are that release's, and this one runs beside it. One a later release has finished
 * is refused.
 */
import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { DialectFamily } from './shared/family.ts';
import { arenaMigrations, finishesUpgrade } from './migrations/provider.ts';

export interface MigrateOptions {
  /** Runs the migrations that finish an upgrade too (PostgreSQL; elsewhere they always run). */
  finish?: boolean;
}

/** Runs every pending migration; resolves to the names of those this call ran and recorded. */
export async function migrateToLatest(db: Kysely<any>, family: DialectFamily, { finish = false }: MigrateOptions = {}): Promise<string[]> {
  const all = await arenaMigrations(family).getMigrations();
  // Each lost race means the other process recorded one more migration (or finished an upgrade
  // while this one waited for the lock), so one look per migration, plus the first, is enough;
  // an error that outlasts them is a real one. Each look starts from what is recorded then.
  const looks = Object.keys(all).length + 1;
  const ran: string[] = [];
  for (let look = 1; ; look++) {
    const chosen = toRun(all, await appliedMigrations(db), family, finish);
    // Unordered: this release's finishing migration may be pending below a later release's added one.
    const migrator = new Migrator({ db, provider: { getMigrations: async () => chosen }, allowUnorderedMigrations: true });
    const run = await migrator.migrateToLatest();
    ran.push(...succeeded(run));
    if (run.error === undefined) return ran;
    if (look >= looks) throw run.error;
  }
}

/**
 * This release's migrations the migrator may run or finds recorded: all of them where it runs
 * every one, else those but the finishing ones not yet recorded; and a later release's added
 * ones, recorded, kept as done.
 */
function toRun(all: Record<string, Migration>, applied: string[], family: DialectFamily, finish: boolean): Record<string, Migration> {
  const later = applied.filter((name) => !Object.hasOwn(all, name));
  const finishedLater = later.filter(finishesUpgrade);
  if (finishedLater.length > 0) {
    throw new Error(`a later release has finished its upgrade on this database (${finishedLater.join(', ')}): this release cannot serve it; run that release`);
  }
  const runAll = finish || family !== 'postgres' || applied.length === 0;
  const chosen: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(all)) if (runAll || !finishesUpgrade(name) || applied.includes(name)) chosen[name] = migration;
  for (const name of later) chosen[name] = { up: async () => {} };
  return chosen;
}

/** The migrations the database records as applied (none before Kysely's table exists). */
async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    return rows.map((row) => row.name);
  } catch (error) {
    if ((await db.introspection.getTables()).some((table) => table.name === DEFAULT_MIGRATION_TABLE)) throw error;
    return [];
  }
}

function succeeded(run: MigrationResultSet): string[] {
  return (run.results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
