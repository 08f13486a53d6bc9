/**
 * Migration 0003: the number of league entrants, agents with at least one retained league
 * attempt (`truth.recordedEntrants`). An agent redeemed from a trial's capability joins the
 * Clubhouse without entering the league, so the count of agents is not it.
 *
 * An agent enters the league when its first attempt inserts its `season_totals` row (later
 * attempts update that row, which fires no insert trigger on either family), so a trigger on
 * that insert keeps the count exact under any concurrency, and a read is one row. Every
 * statement may run twice (see storage/migrate.ts): hence a table of its own rather than a
 * column added to `league_totals`, which SQLite cannot add "if not exists".
 */
import type { Kysely } from 'kysely';
import { entrantsDown, entrantsUp } from '../league/0003-entrants.ts';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from '../shared/migration-sql.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, entrantsUp(family));
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, entrantsDown(family));
}
