/**
 * Migration 0011: on PostgreSQL, no row that every write must lock. Event ids come from a
 * sequence (storage/events/0011-event-ids.ts); a write's shares of the one-row totals and of
 * the day's counts are rows of their own until a compaction moves them
 * (storage/shared/pending-totals.ts, storage/league/0011-pending-figures.ts). On SQLite and D1
 * it adds the pending tables only, always empty there, so figures are read with the same SQL.
 *
 * On every family it drops `attempts_by_agent_date`, which each attempt kept up to date for
 * nothing: one agent's attempts of one day (ten at most) are found by the table's unique
 * (agent_id, date, number) and sorted.
 */
import type { Kysely } from 'kysely';
import { arrivalTriggers } from '../arrival/0002-triggers.ts';
import { eventIdsDown, eventIdsUp } from '../events/0011-event-ids.ts';
import { leagueTriggers } from '../league/0001-triggers.ts';
import { entrantsUp } from '../league/0003-entrants.ts';
import { DAY_COUNTS_PENDING_DOWN, dayCountsPending, PENDING_FIGURE_FUNCTIONS } from '../league/0011-pending-figures.ts';
import { COMPACTIONS, PENDING_TOTALS } from '../pending-figures.ts';
import { rulesTriggers } from '../rules/0002-triggers.ts';
import { compact } from '../shared/compactor.ts';
import type { DialectFamily } from '../shared/family.ts';
import { createTriggers, runEach, updateTotals, type AddToTotals } from '../shared/migration-sql.ts';
import { addPendingTotals, dropPendingTotals, pendingTotalsTable } from '../shared/pending-totals.ts';
import { clubhouseTriggers } from '../social/0002-triggers.ts';
import { statusTrigger } from './0004-request-digests.ts';

/**
 * PostgreSQL's triggers of the Clubhouse, the Rules Desk and the Arrival Hall, adding to their
 * totals by `add`. The status trigger is 0004's, which carries the change's request digest.
 */
function totalsTriggers(add: AddToTotals): string[] {
  const rules = rulesTriggers('postgres', add).filter((trigger) => trigger.name !== 'rules_status_changed');
  return [...createTriggers('postgres', [...clubhouseTriggers('postgres', add), ...rules, ...arrivalTriggers(add)]), ...statusTrigger('postgres', true, add)];
}

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  const tables = [dayCountsPending(family), ...PENDING_TOTALS.map(pendingTotalsTable)];
  const triggers = family === 'postgres' ? [...PENDING_FIGURE_FUNCTIONS, ...totalsTriggers(addPendingTotals)] : [];
  await runEach(db, [...tables, ...triggers, ...eventIdsUp(family), 'DROP INDEX IF EXISTS attempts_by_agent_date']);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  if (family === 'postgres') {
    // The triggers as they were, then every pending share moved where they keep it.
    await runEach(db, [...leagueTriggers(family), ...entrantsUp(family), ...totalsTriggers(updateTotals)]);
    await compact(db, family, COMPACTIONS);
  }
  await runEach(db, [
    ...eventIdsDown(family),
    DAY_COUNTS_PENDING_DOWN,
    ...PENDING_TOTALS.map(dropPendingTotals),
    'CREATE INDEX IF NOT EXISTS attempts_by_agent_date ON attempts (agent_id, date, created_at, id)',
  ]);
}
