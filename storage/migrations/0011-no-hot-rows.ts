/**
 * Migration 0011: on PostgreSQL, no row that every write must lock. Event ids come from a
 * sequence (storage/events/0011-event-ids.ts), and an attempt's shares of the day's counts and
 * the arena's totals are rows of their own until a compaction moves them
 * (storage/league/0011-pending-figures.ts). On SQLite and D1 it adds the pending tables only,
 * always empty there, so the figures are read with the same SQL.
 */
import type { Kysely } from 'kysely';
import { eventIdsDown, eventIdsUp } from '../events/0011-event-ids.ts';
import { leagueTriggers } from '../league/0001-triggers.ts';
import { entrantsUp } from '../league/0003-entrants.ts';
import { compactFigures } from '../league/compact-figures.ts';
import { PENDING_FIGURE_FUNCTIONS, PENDING_FIGURE_TABLES_DOWN, pendingFigureTables } from '../league/0011-pending-figures.ts';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from '../shared/migration-sql.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...pendingFigureTables(family), ...(family === 'postgres' ? PENDING_FIGURE_FUNCTIONS : []), ...eventIdsUp(family)]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  if (family === 'postgres') {
    // The triggers of 0001 and 0003 again, then every pending share moved where they keep it.
    await runEach(db, [...leagueTriggers(family), ...entrantsUp(family)]);
    await compactFigures(db);
  }
  await runEach(db, [...eventIdsDown(family), ...PENDING_FIGURE_TABLES_DOWN]);
}
