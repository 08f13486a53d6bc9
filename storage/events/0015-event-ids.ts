/**
 * PostgreSQL's event ids once an upgrade to 0.24 is finished (migration 0015): from a sequence,
 * no longer from the one-row counter of 0008 that every writing transaction held locked while it
 * committed, one at a time.
 *
 * A sequence hands out ids without waiting, so two transactions may commit in the other order
 * than their ids: a reader could see id N+1 before N is committed. The triggers still take the
 * id at commit (deferred), which keeps that window to the commit itself, and the store reads
 * only up to the id below which nothing can still appear (./settled-horizon.ts). SQLite and D1
 * have one writer at a time and keep their own ids (./record-events.ts).
 */
import { newestEventId } from './record-events.ts';

/**
 * The sequence, its next id after every id given: the counter's last (where `counter` says it is
 * still there), every event's and record's, and the sequence's own (an upgrade finished before).
 */
export function sequenceIds(counter: boolean): string[] {
  const given = [...(counter ? ['(SELECT last_id FROM event_counter WHERE id = 1)'] : []), newestEventId('postgres'), '(SELECT last_value FROM event_ids)'];
  return ['CREATE SEQUENCE IF NOT EXISTS event_ids AS bigint', `SELECT setval('event_ids', GREATEST(${given.join(', ')}))`];
}

/** Back to 0008's counter, which carries on from every id given; the sequence goes. */
export const COUNTER_IDS = [
  `CREATE TABLE IF NOT EXISTS event_counter (
      id integer PRIMARY KEY CHECK (id = 1),
      last_id bigint NOT NULL DEFAULT 0
    )`,
  `INSERT INTO event_counter (id, last_id) VALUES (1, ${newestEventId('postgres')}) ON CONFLICT (id) DO UPDATE SET last_id = GREATEST(event_counter.last_id, EXCLUDED.last_id)`,
  'DROP SEQUENCE IF EXISTS event_ids',
];
