/**
 * Migration 0014: each public record is its own event (storage/events/record-events.ts). The
 * records' tables gain `event_id`, a reader takes a record's event from its row, and the events
 * table keeps, for this release, only the standings' and the field's changes.
 *
 * - SQLite and D1: the events table's rows of those kinds move onto their records (same ids) and
 *   go, as do the triggers that wrote them. A default cannot read a table, so a trigger numbers a
 *   record inserted without its id (an attempt's insert names it: ../league/retain-attempt.ts);
 *   the standings' and the field's triggers number their events across every table from now on.
 * - PostgreSQL, where the previous release may still run (it reads every event from the events
 *   table, in the order of its counter): the rows written so far are copied onto their records,
 *   and each record's event is still a row of the events table, its id from the counter, and is
 *   also kept on the record's row (0008's `counter-kept` triggers). Migration 0015, which finishes
 *   the upgrade, moves them and takes ids from the sequence.
 *
 * Records written before the events were kept (0008) have no event, as before. Undone, the
 * records' events are rows of the events table again, with the same ids.
 */
import { sql, type Kysely } from 'kysely';
import { eventTriggers } from '../events/0008-triggers.ts';
import { NEXT_SHARED_EVENT_ID, RECORD_EVENTS, recordEventRows, type RecordEvent } from '../events/record-events.ts';
import type { DialectFamily } from '../shared/family.ts';
import { addColumn, createTriggers, dropTriggers, runEach, type TriggerSpec } from '../shared/migration-sql.ts';

export const RECORD_TABLES = new Set(RECORD_EVENTS.map(({ table }) => table));

/** SQLite's: numbers a record inserted without its event's id, before any trigger the write fires after it. */
function numberUnnamed({ table, only }: RecordEvent): TriggerSpec {
  return {
    name: `${table}_event_id`,
    table,
    event: 'AFTER INSERT',
    when: `NEW.event_id IS NULL${only ? ` AND ${only('NEW')}` : ''}`,
    body: [`UPDATE ${table} SET event_id = ${NEXT_SHARED_EVENT_ID} WHERE rowid = NEW.rowid`],
  };
}

/** The event triggers before (0008's, with ids from the counter on PostgreSQL) and after this migration. */
function triggersOf(family: DialectFamily): { before: TriggerSpec[]; after: TriggerSpec[] } {
  if (family === 'postgres') {
    const onRecords = ({ table }: TriggerSpec) => RECORD_TABLES.has(table);
    return { before: eventTriggers(family, 'counter').filter(onRecords), after: eventTriggers(family, 'counter-kept').filter(onRecords) };
  }
  return {
    before: eventTriggers(family, 'counter'),
    after: [...eventTriggers(family, 'shared').filter(({ table }) => !RECORD_TABLES.has(table)), ...RECORD_EVENTS.map(numberUnnamed)],
  };
}

/** The statement moving one kind's events onto its records: matched by subject and part, as 0008's trigger wrote them. */
export function moveOnto({ kind, table, subject, part, only }: RecordEvent): string {
  return `UPDATE ${table} AS r SET event_id = e.id FROM events e
    WHERE e.kind = '${kind}' AND r.event_id IS NULL AND e.subject = ${subject}
      AND (e.part = ${part} OR (e.part IS NULL AND ${part} IS NULL))${only ? ` AND ${only('r')}` : ''}`;
}

/** The statement writing one kind's events back as rows of the events table. */
export function moveBack(record: RecordEvent): string {
  return `INSERT INTO events (id, kind, subject, part, agent_id, at) ${recordEventRows(record)} ON CONFLICT (id) DO NOTHING`;
}

/** The statement deleting the events table's rows that records hold (SQLite here; PostgreSQL in 0015). */
export const DELETE_RECORD_ROWS = `DELETE FROM events WHERE kind IN (${RECORD_EVENTS.map(({ kind }) => `'${kind}'`).join(', ')})`;

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  const { before, after } = triggersOf(family);
  for (const table of RECORD_TABLES) await addColumn(db, family, table, 'event_id', family === 'postgres' ? 'bigint' : 'INTEGER');
  await runEach(db, [
    ...dropTriggers(family, before),
    ...RECORD_EVENTS.map(moveOnto),
    ...(family === 'postgres' ? [] : [DELETE_RECORD_ROWS]),
    ...[...RECORD_TABLES].map((table) => `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_by_event ON ${table} (event_id)`),
    ...createTriggers(family, after),
  ]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  const { before, after } = triggersOf(family);
  await runEach(db, [
    ...dropTriggers(family, after),
    ...RECORD_EVENTS.map(moveBack),
    ...createTriggers(family, before),
    ...[...RECORD_TABLES].map((table) => `DROP INDEX IF EXISTS ${table}_by_event`),
  ]);
  for (const table of RECORD_TABLES) await sql.raw(`ALTER TABLE ${table} DROP COLUMN event_id`).execute(db);
}
