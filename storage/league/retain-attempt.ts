/**
 * Retaining an attempt under the daily cap, with no read-then-write: one statement computes the
 * agent's next number for the day and inserts only while it is within the limit, doing nothing
 * if a concurrent insert took that number (UNIQUE (agent_id, date, number)). When nothing was
 * inserted, a read tells a reached limit from a lost race, and a lost race is retried; each
 * loss means another attempt took a number, so at most `limit` retries can happen. An attempt
 * whose request already retained one (`request_digest` is unique) inserts nothing, and the
 * first read finds what that request retained.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AttemptRecord, NewAttempt } from '../../core/league/records.ts';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { AttemptsTable, Database } from '../database.ts';
import type { DialectFamily } from '../shared/family.ts';
import { attemptColumns, asNumber, toAttempt } from './rows.ts';

/** The schema's ceiling: CHECK (number BETWEEN 1 AND 10). */
export const MAXIMUM_LIMIT = 10;

export type Retained = { attempt: AttemptRecord } | { limitReached: true };

/**
 * Retains `attempt` as the agent's next of the day. As a join attempt (`join`), it is retained
 * only if the agent has none, and the agent's join attempt is what comes back either way.
 */
export async function retainAttempt(db: Kysely<Database>, family: DialectFamily, attempt: NewAttempt & RequestKeyed, limit: number, join: boolean): Promise<Retained> {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAXIMUM_LIMIT) {
    throw new RangeError(`the attempt limit must be an integer from 1 to ${MAXIMUM_LIMIT}, not ${limit}`);
  }
  for (let round = 0; round <= limit; round++) {
    const inserted = await insertNext(db, family, join ? { ...attempt, kind: 'join' } : attempt, limit, join);
    if (inserted) return { attempt: toAttempt(inserted) };
    if (attempt.requestDigest !== undefined) {
      const earlier = await db.selectFrom('attempts').selectAll().where('request_digest', '=', attempt.requestDigest).executeTakeFirst();
      if (earlier) return { attempt: toAttempt(earlier) };
    }
    if (join) {
      const existing = await db.selectFrom('attempts').selectAll().where('agent_id', '=', attempt.agentId).where('kind', '=', 'join').executeTakeFirst();
      if (existing) return { attempt: toAttempt(existing) };
    }
    const { used } = await db
      .selectFrom('attempts')
      .select(sql<number>`coalesce(max(${sql.ref('number')}), 0)`.as('used'))
      .where('agent_id', '=', attempt.agentId)
      .where('date', '=', attempt.date)
      .executeTakeFirstOrThrow();
    if (asNumber(used) >= limit) return { limitReached: true };
  }
  throw new Error(`attempt ${attempt.id} lost the race for a number ${limit + 1} times; that cannot happen with an honest limit`);
}

/**
 * INSERT INTO attempts (…, number) SELECT …, n.next FROM (SELECT COALESCE(MAX(number), 0) + 1 AS next
 * FROM attempts WHERE agent_id = ? AND date = ?) n WHERE n.next <= ? [AND no join attempt yet]
 * ON CONFLICT DO NOTHING RETURNING *
 *
 * It gives way on any conflict: a number another attempt took, the request digest of an
 * attempt this request already retained, a join attempt the agent already has.
 */
function insertNext(db: Kysely<Database>, family: DialectFamily, attempt: NewAttempt & RequestKeyed, limit: number, join: boolean): Promise<Selectable<AttemptsTable> | undefined> {
  const values = attemptColumns(attempt, family);
  const columns = Object.keys(values) as (keyof typeof values)[];
  const next = db
    .selectFrom('attempts')
    .select(sql<number>`coalesce(max(${sql.ref('number')}), 0) + 1`.as('next'))
    .where('agent_id', '=', attempt.agentId)
    .where('date', '=', attempt.date);
  let source = db
    .selectFrom(next.as('n'))
    .select((eb) => [...columns.map((column) => eb.val(values[column]).as(column)), 'n.next'])
    .where('n.next', '<=', limit);
  if (join) {
    source = source.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('attempts').select('id').where('agent_id', '=', attempt.agentId).where('kind', '=', 'join'))),
    );
  }
  return db
    .insertInto('attempts')
    .columns([...columns, 'number'])
    .expression(source)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}
