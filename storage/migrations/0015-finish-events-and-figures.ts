/**
 * Migration 0015 finishes the upgrade to 0.24 on PostgreSQL, once no instance of the previous
 * release is left (it runs only when asked: storage/migrate.ts). After it no row is one every
 * write must lock:
 * - event ids come from the sequence `event_ids` (storage/events/0015-event-ids.ts), continuing
 *   after every id the counter gave, and the counter goes;
 * - each public record's event is its row's alone (0014): its `event_id` defaults to
 *   `next_event_id()`, and the events table's rows that repeated it go;
 * - a write's shares of the totals and of the day's counts are rows of their own until a
 *   compaction moves them (storage/league/0011-pending-figures.ts).
 *
 * It first locks every table whose writes it changes, in the order writes take them, so a write
 * under way finishes before it and one that starts after waits for it: none can deadlock with it,
 * and no id is taken from the counter after the sequence has been set past it. On SQLite and D1
 * there is nothing to finish (0011 and 0014 did it all there).
 *
 * Undone, the previous release's way is back: the counter (past every id given), the records'
 * events as rows of the events table too, and the figures kept in place, every pending share moved.
 */
import { sql, type Kysely } from 'kysely';
import { arrivalTriggers } from '../arrival/0002-triggers.ts';
import { eventTriggers } from '../events/0008-triggers.ts';
import { COUNTER_IDS, sequenceIds } from '../events/0015-event-ids.ts';
import { NEXT_EVENT_ID_FUNCTION, RECORD_EVENTS } from '../events/record-events.ts';
import { leagueTriggers } from '../league/0001-triggers.ts';
import { entrantsUp } from '../league/0003-entrants.ts';
import { PENDING_FIGURE_FUNCTIONS } from '../league/0011-pending-figures.ts';
import { COMPACTIONS } from '../pending-figures.ts';
import { rulesTriggers } from '../rules/0002-triggers.ts';
import { compact } from '../shared/compactor.ts';
import type { DialectFamily } from '../shared/family.ts';
import { createTriggers, dropTriggers, runEach, updateTotals, type AddToTotals, type TriggerSpec } from '../shared/migration-sql.ts';
import { addPendingTotals } from '../shared/pending-totals.ts';
import { clubhouseTriggers } from '../social/0002-triggers.ts';
import { statusTrigger } from './0004-request-digests.ts';
import { DELETE_RECORD_ROWS, moveBack, moveOnto, RECORD_TABLES } from './0014-records-are-events.ts';

/**
 * The tables writes change, in the order a write takes them: a join's agent before its attempt,
 * a record before its figures, a reply before its topic, a proposal before its revisions and
 * status. The events come last in every write (at its commit), after all of these.
 */
const WRITTEN_IN_ORDER = [
  'agents',
  'attempts',
  'day_bests',
  'day_counts',
  'season_totals',
  'league_entrants',
  'league_totals',
  'clubhouse_members',
  'clubhouse_replies',
  'clubhouse_topics',
  'clubhouse_totals',
  'proposal_reviews',
  'proposals',
  'proposal_revisions',
  'proposal_status_log',
  'rules_totals',
  'arrivals',
  'arrival_totals',
];

/** The Clubhouse's, Rules Desk's and Arrival Hall's triggers, adding to their totals by `add`; the status trigger is 0004's. */
function totalsTriggers(add: AddToTotals): string[] {
  const rules = rulesTriggers('postgres', add).filter((trigger) => trigger.name !== 'rules_status_changed');
  return [...createTriggers('postgres', [...clubhouseTriggers('postgres', add), ...rules, ...arrivalTriggers(add)]), ...statusTrigger('postgres', true, add)];
}

const onRecords = ({ table }: TriggerSpec) => RECORD_TABLES.has(table);
const elsewhere = (trigger: TriggerSpec) => !onRecords(trigger);

async function hasCounter(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ has: boolean }>`SELECT to_regclass('event_counter') IS NOT NULL AS has`.execute(db);
  return rows[0]!.has;
}

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  if (family !== 'postgres') return;
  await sql.raw(`LOCK TABLE ${WRITTEN_IN_ORDER.join(', ')} IN SHARE ROW EXCLUSIVE MODE`).execute(db);
  await runEach(db, [
    ...sequenceIds(await hasCounter(db)),
    NEXT_EVENT_ID_FUNCTION,
    ...dropTriggers(family, eventTriggers(family, 'counter-kept').filter(onRecords)),
    ...createTriggers(family, eventTriggers(family, 'sequence').filter(elsewhere)),
    // A record whose event only the events table holds (none, unless written around 0014's triggers) keeps it.
    ...RECORD_EVENTS.map(moveOnto),
    ...[...RECORD_TABLES].map((table) => `ALTER TABLE ${table} ALTER COLUMN event_id SET DEFAULT next_event_id()`),
    'DROP TABLE IF EXISTS event_counter',
    ...PENDING_FIGURE_FUNCTIONS,
    ...totalsTriggers(addPendingTotals),
    DELETE_RECORD_ROWS,
  ]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  if (family !== 'postgres') return;
  await sql.raw(`LOCK TABLE ${WRITTEN_IN_ORDER.join(', ')} IN SHARE ROW EXCLUSIVE MODE`).execute(db);
  // The figures kept in place again, then every pending share moved where they keep it.
  await runEach(db, [...leagueTriggers(family), ...entrantsUp(family), ...totalsTriggers(updateTotals)]);
  await compact(db, family, COMPACTIONS);
  await runEach(db, [
    ...RECORD_EVENTS.map(moveBack),
    ...[...RECORD_TABLES].map((table) => `ALTER TABLE ${table} ALTER COLUMN event_id DROP DEFAULT`),
    // The counter carries on from every id given, and its triggers replace the sequence's.
    ...COUNTER_IDS,
    ...createTriggers(family, eventTriggers(family, 'counter').filter(elsewhere)),
    ...createTriggers(family, eventTriggers(family, 'counter-kept').filter(onRecords)),
    'DROP FUNCTION IF EXISTS next_event_id()',
  ]);
}
