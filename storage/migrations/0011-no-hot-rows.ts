/**
 * Migration 0011: the tables for figures with no row that every write must lock on PostgreSQL.
 * A write's shares of the one-row totals and of the day's counts become rows of their own until a
 * compaction moves them (storage/shared/pending-totals.ts, storage/league/0011-pending-figures.ts),
 * and event ids come from a sequence (storage/events/0015-event-ids.ts): both once the upgrade is
 * finished (0015), since the previous release reads the totals' rows and the events in the order
 * of the counter it keeps. Until then the pending tables stay empty, and figures are read with the
 * same SQL. On SQLite and D1 they are always empty.
 *
 * On every family it drops `attempts_by_agent_date`, which each attempt kept up to date for
 * nothing: one agent's attempts of one day (ten at most) are found by the table's unique
 * (agent_id, date, number) and sorted.
 */
import type { Kysely } from 'kysely';
import { DAY_COUNTS_PENDING_DOWN, dayCountsPending } from '../league/0011-pending-figures.ts';
import { PENDING_TOTALS } from '../pending-figures.ts';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from '../shared/migration-sql.ts';
import { dropPendingTotals, pendingTotalsTable } from '../shared/pending-totals.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [dayCountsPending(family), ...PENDING_TOTALS.map(pendingTotalsTable), 'DROP INDEX IF EXISTS attempts_by_agent_date']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runEach(db, [
    DAY_COUNTS_PENDING_DOWN,
    ...PENDING_TOTALS.map(dropPendingTotals),
    'CREATE INDEX IF NOT EXISTS attempts_by_agent_date ON attempts (agent_id, date, created_at, id)',
  ]);
}
