/**
 * Migration 0014: an attempt is its own `attempt.retained` event (storage/events/attempt-events.ts).
 * The attempts gain `event_id`, the events table's `attempt.retained` rows move onto their
 * attempts (same ids) and go, and the trigger that wrote them goes. Attempts retained before
 * the events were kept (0008) have no event, as before.
 *
 * - PostgreSQL: `event_id` defaults to `next_event_id()`, so an instance of the previous release,
 *   which does not name the column, still gives its attempts their events during a rolling
 *   upgrade. The default is set once the column exists: set while adding it, it would number
 *   every attempt already there.
 * - SQLite and D1: a default cannot read a table, so the insert names the id, and a trigger gives
 *   one to an attempt inserted without it (the previous release's). The other kinds' triggers
 *   number their events across both tables from now on.
 *
 * Undone, the attempts' events are rows of the events table again, with the same ids.
 */
import { sql, type Kysely } from 'kysely';
import { ATTEMPT_EVENT_KIND, NEXT_EVENT_ID_FUNCTION, NEXT_SHARED_EVENT_ID } from '../events/attempt-events.ts';
import { eventTriggers } from '../events/0008-triggers.ts';
import type { DialectFamily } from '../shared/family.ts';
import { addColumn, createTriggers, dropTriggers, runEach, type TriggerSpec } from '../shared/migration-sql.ts';

const ATTEMPT_TRIGGER = 'announce_attempt';

/** SQLite's: numbers an attempt inserted without its event's id. */
const NUMBER_UNNAMED_ATTEMPT: TriggerSpec = {
  name: 'attempt_event_id',
  table: 'attempts',
  event: 'AFTER INSERT',
  when: 'NEW.event_id IS NULL',
  body: [`UPDATE attempts SET event_id = ${NEXT_SHARED_EVENT_ID} WHERE id = NEW.id`],
};

/** The event triggers before (0008 or 0011's ids, the attempts' with them) and after this migration. */
function triggersOf(family: DialectFamily): { before: TriggerSpec[]; after: TriggerSpec[] } {
  const before = eventTriggers(family, family === 'postgres' ? 'sequence' : 'counter');
  if (family === 'postgres') return { before: before.filter(({ name }) => name === ATTEMPT_TRIGGER), after: [] };
  return { before, after: [...eventTriggers(family, 'shared').filter(({ name }) => name !== ATTEMPT_TRIGGER), NUMBER_UNNAMED_ATTEMPT] };
}

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  const { before, after } = triggersOf(family);
  if (family === 'postgres') await runEach(db, [NEXT_EVENT_ID_FUNCTION]);
  await addColumn(db, family, 'attempts', 'event_id', family === 'postgres' ? 'bigint' : 'INTEGER');
  await runEach(db, [
    ...dropTriggers(family, before),
    `UPDATE attempts SET event_id = e.id FROM events e WHERE e.kind = '${ATTEMPT_EVENT_KIND}' AND e.subject = attempts.id AND attempts.event_id IS NULL`,
    `DELETE FROM events WHERE kind = '${ATTEMPT_EVENT_KIND}'`,
    'CREATE UNIQUE INDEX IF NOT EXISTS attempts_by_event ON attempts (event_id)',
    ...(family === 'postgres' ? ['ALTER TABLE attempts ALTER COLUMN event_id SET DEFAULT next_event_id()'] : []),
    ...createTriggers(family, after),
  ]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  const { before, after } = triggersOf(family);
  await runEach(db, [
    ...dropTriggers(family, after),
    `INSERT INTO events (id, kind, subject, part, agent_id, at)
      SELECT event_id, '${ATTEMPT_EVENT_KIND}', id, date, agent_id, created_at FROM attempts WHERE event_id IS NOT NULL
      ON CONFLICT (id) DO NOTHING`,
    ...createTriggers(family, before),
    'DROP INDEX IF EXISTS attempts_by_event',
  ]);
  await sql.raw('ALTER TABLE attempts DROP COLUMN event_id').execute(db);
  if (family === 'postgres') await runEach(db, ['DROP FUNCTION IF EXISTS next_event_id()']);
}
