/**
 * Retaining an attempt under the daily cap as the agent's next number of the day (UNIQUE
 * (agent_id, date, number); see storage/shared/next-number.ts). When nothing was inserted, a
 * read finds what this request already retained, or tells a reached limit from a lost race,
 * which is retried: at most `limit` retries can happen.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AttemptRecord, NewAttempt } from '../../core/league/records.ts';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { Database } from '../database.ts';
import type { AttemptsTable } from './tables.ts';
import type { DialectFamily } from '../shared/family.ts';
import { compiledOnce } from '../shared/compiled-once.ts';
import { highestNumber, nextNumberInsertQuery, retryLostRaces } from '../shared/next-number.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';
import { ATTEMPT_COLUMN_NAMES, attemptColumns, toAttempt } from './rows.ts';

/** The schema's ceiling: CHECK (number BETWEEN 1 AND 10). */
export const MAXIMUM_LIMIT = 10;

export type Retained = { attempt: AttemptRecord } | { limitReached: true };

/** Retains an attempt as the agent's next of the day; see `attemptRetainer`. */
export type RetainAttempt = (attempt: NewAttempt & RequestKeyed, limit: number, join: boolean) => Promise<Retained>;

/**
 * Retains `attempt` as the agent's next of the day. As a join attempt (`join`), it is retained
 * only if the agent has none, and the agent's join attempt is what comes back either way.
 * Every submit runs the insert, so its statement (one per kind) is compiled once; it returns
 * only the number it took, the rest of the record being what was sent.
 */
export function attemptRetainer(db: Kysely<Database>, family: DialectFamily): RetainAttempt {
  const insertAttempt = (join: boolean) =>
    compiledOnce(db, (slot: (name: string) => unknown) =>
      nextNumberInsertQuery(db, {
        table: 'attempts',
        values: Object.fromEntries(ATTEMPT_COLUMN_NAMES.map((column) => [column, slot(column)])),
        within: { agent_id: slot('agent_id'), date: slot('date') },
        ceiling: slot('ceiling'),
        // A join attempt also gives way to the join attempt the agent already has.
        onlyIf: join
          ? (source) =>
              source.where(({ not, exists, selectFrom }) => not(exists(selectFrom('attempts').select('id').where('agent_id', '=', slot('agent_id')).where('kind', '=', 'join'))))
          : undefined,
        returning: ['number'],
      }),
    );
  const inserts = { submit: insertAttempt(false), join: insertAttempt(true) };

  return async (attempt, limit, join) => {
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAXIMUM_LIMIT) {
      throw new RangeError(`the attempt limit must be an integer from 1 to ${MAXIMUM_LIMIT}, not ${limit}`);
    }
    const scope = { agent_id: attempt.agentId, date: attempt.date };
    const columns = attemptColumns(join ? { ...attempt, kind: 'join' } : attempt, family);
    return retryLostRaces(limit + 1, `attempt ${attempt.id}`, async () => {
      const [inserted] = (await (join ? inserts.join : inserts.submit)({ ...columns, ceiling: limit })) as { number: number | string }[];
      if (inserted) return { attempt: retainedRecord(join ? { ...attempt, kind: 'join' } : attempt, Number(inserted.number)) };
      const earlier = await writtenByRequest<Selectable<AttemptsTable>>(db, 'attempts', attempt.requestDigest);
      if (earlier) return { attempt: toAttempt(earlier) };
      if (join) {
        const existing = await db.selectFrom('attempts').selectAll().where('agent_id', '=', attempt.agentId).where('kind', '=', 'join').executeTakeFirst();
        if (existing) return { attempt: toAttempt(existing) };
      }
      if ((await highestNumber(db, 'attempts', scope)) >= limit) return { limitReached: true };
      return undefined;
    });
  };
}

/**
 * The record just inserted: what was sent, with the number the statement took. Built from the
 * attempt rather than its columns, which would parse back the result the columns just serialised.
 */
function retainedRecord({ requestDigest: _, ...attempt }: NewAttempt & RequestKeyed, number: number): AttemptRecord {
  return { ...attempt, number };
}
