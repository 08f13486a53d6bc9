/**
 * From migration 0014 an attempt is its own `attempt.retained` event: the row carries the event's
 * id (`attempts.event_id`), and a reader takes the event from it, beside the events table's rows
 * for every other kind. The event repeated the attempt's id, day, agent and time in a row of its
 * own, with three index entries, on every submit.
 *
 * Ids stay one sequence across both tables, in commit order as ./settled-horizon.ts reads it:
 * - SQLite and D1 (one writer at a time): the next id follows the highest of either table, so
 *   the events a write's triggers add after its attempt come after it;
 * - PostgreSQL: the id comes from `event_ids`, as the events' triggers take theirs, through
 *   `next_event_id()`, which first makes the transaction take its transaction id. A reader's
 *   snapshot then lists the transaction as in progress for as long as its attempt's id is
 *   uncommitted, which is what lets the horizon settle past no id that can still appear.
 */
import { sql, type Kysely, type NotNull, type RawBuilder } from 'kysely';
import type { Database } from '../database.ts';
import type { DialectFamily } from '../shared/family.ts';

/** The kind an attempt's own event has. */
export const ATTEMPT_EVENT_KIND = 'attempt.retained';

/** SQLite's next event id: one more than the highest either table holds. */
export const NEXT_SHARED_EVENT_ID = `(MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0)) + 1)`;

/** PostgreSQL's next event id, taken only once the transaction has its transaction id. */
export const NEXT_EVENT_ID_FUNCTION = `CREATE OR REPLACE FUNCTION next_event_id() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
  BEGIN
    PERFORM pg_current_xact_id();
    RETURN nextval('event_ids');
  END $$`;

/**
 * The value an attempt's insert gives `event_id`, or none where the column's default gives it
 * (PostgreSQL: `next_event_id()`).
 */
export function attemptEventId(family: DialectFamily): RawBuilder<number> | undefined {
  return family === 'sqlite' ? sql<number>`${sql.raw(NEXT_SHARED_EVENT_ID)}` : undefined;
}

/** Up to `limit` attempts' events after id `after`, as the events table's columns, oldest first. */
export function attemptEventsAfter(db: Kysely<Database>, after: number, agentId: string | undefined, limit: number) {
  let query = db
    .selectFrom('attempts')
    .select([
      'event_id as id',
      sql<typeof ATTEMPT_EVENT_KIND>`${sql.lit(ATTEMPT_EVENT_KIND)}`.as('kind'),
      'id as subject',
      // The events table's `part` has the default collation; the attempt's day has "C" on PostgreSQL.
      sql<string>`CAST(date AS text)`.as('part'),
      'agent_id',
      'created_at as at',
    ])
    .where('event_id', '>', after)
    .$narrowType<{ id: NotNull }>();
  if (agentId !== undefined) query = query.where('agent_id', '=', agentId);
  return query.orderBy('event_id').limit(limit);
}
