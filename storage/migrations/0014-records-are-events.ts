/**
 * Migration 0014: each public record is its own event (storage/events/record-events.ts). The
 * records' tables gain `event_id`; the events table's rows of those kinds move onto their
 * records (same ids) and go, as do the triggers that wrote them. The events table keeps the
 * standings' and the field's changes. Records written before the events were kept (0008) have
 * no event, as before.
 *
 * - PostgreSQL: `event_id` defaults to `next_event_id()`, so an instance of the previous release,
 *   which does not name the column, still gives its records their events during a rolling
 *   upgrade. The default is set once the column exists: set while adding it, it would number
 *   every row already there.
 * - SQLite and D1: a default cannot read a table, so a trigger numbers a record inserted without
 *   its id (an attempt's insert names it: ../league/retain-attempt.ts). The standings' and the
 *   field's triggers number their events across every table from now on.
 *
 * Undone, the records' events are rows of the events table again, with the same ids.
 */
import { sql, type Kysely } from 'kysely';
import { eventTriggers } from '../events/0008-triggers.ts';
import { NEXT_EVENT_ID_FUNCTION, NEXT_SHARED_EVENT_ID, RECORD_EVENTS, recordEventRows, type RecordEvent } from '../events/record-events.ts';
import type { DialectFamily } from '../shared/family.ts';
import { addColumn, createTriggers, dropTriggers, runEach, type TriggerSpec } from '../shared/migration-sql.ts';

const RECORD_TABLES = new Set(RECORD_EVENTS.map(({ table }) => table));

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

/** The event triggers before (0008's, with 0011's ids on PostgreSQL) and after this migration. */
function triggersOf(family: DialectFamily): { before: TriggerSpec[]; after: TriggerSpec[] } {
  const before = eventTriggers(family, family === 'postgres' ? 'sequence' : 'counter');
  // PostgreSQL's other triggers stay as they are: their ids come from the same sequence.
  if (family === 'postgres') return { before: before.filter(({ table }) => RECORD_TABLES.has(table)), after: [] };
  return { before, after: [...eventTriggers(family, 'shared').filter(({ table }) => !RECORD_TABLES.has(table)), ...RECORD_EVENTS.map(numberUnnamed)] };
}

/** The statement moving one kind's events onto its records: matched by subject and part, as 0008's trigger wrote them. */
function moveOnto({ kind, table, subject, part, only }: RecordEvent): string {
  return `UPDATE ${table} AS r SET event_id = e.id FROM events e
    WHERE e.kind = '${kind}' AND r.event_id IS NULL AND e.subject = ${subject}
      AND (e.part = ${part} OR (e.part IS NULL AND ${part} IS NULL))${only ? ` AND ${only('r')}` : ''}`;
}

/** The statement writing one kind's events back as rows of the events table. */
function moveBack(record: RecordEvent): string {
  return `INSERT INTO events (id, kind, subject, part, agent_id, at) ${recordEventRows(record)} ON CONFLICT (id) DO NOTHING`;
}

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  const { before, after } = triggersOf(family);
  if (family === 'postgres') await runEach(db, [NEXT_EVENT_ID_FUNCTION]);
  for (const table of RECORD_TABLES) await addColumn(db, family, table, 'event_id', family === 'postgres' ? 'bigint' : 'INTEGER');
  await runEach(db, [
    ...dropTriggers(family, before),
    ...RECORD_EVENTS.map(moveOnto),
    `DELETE FROM events WHERE kind IN (${RECORD_EVENTS.map(({ kind }) => `'${kind}'`).join(', ')})`,
    ...[...RECORD_TABLES].map((table) => `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_by_event ON ${table} (event_id)`),
    ...(family === 'postgres' ? [...RECORD_TABLES].map((table) => `ALTER TABLE ${table} ALTER COLUMN event_id SET DEFAULT next_event_id()`) : []),
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
  if (family === 'postgres') await runEach(db, ['DROP FUNCTION IF EXISTS next_event_id()']);
}
