/**
 * Retaining an attempt under the daily cap as the agent's next number of the day (UNIQUE
 * (agent_id, date, number); see storage/shared/next-number.ts). A submit's attempt also holds
 * its Idempotency-Key (UNIQUE key_digest), in the same statement. When nothing was inserted, a
 * read finds what holds the key or what this request already retained, or tells a reached limit
 * from a lost race, which is retried: at most `limit` retries can happen.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AttemptRecord, NewAttempt } from '../../core/league/records.ts';
import type { Retained } from '../../core/league/store.ts';
import type { KeyHolding, RequestKeyed } from '../../core/store/request-keyed.ts';
import type { Database } from '../database.ts';
import type { AttemptsTable } from './tables.ts';
import type { DialectFamily } from '../shared/family.ts';
import { compiledOnce } from '../shared/compiled-once.ts';
import { highestNumber, nextNumberInsertQuery, retryLostRaces } from '../shared/next-number.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';
import { ATTEMPT_COLUMN_NAMES, attemptColumns, toAttempt } from './rows.ts';
import { attemptEventId } from '../events/record-events.ts';
import { upgradeState, type UpgradeState } from '../upgrade-state.ts';

/** The schema's ceiling: CHECK (number BETWEEN 1 AND 10). */
export const MAXIMUM_LIMIT = 10;

/** Retains an attempt as the agent's next of the day; see `attemptRetainer`. */
export type RetainAttempt = (attempt: KeyedAttempt, limit: number, join: boolean) => Promise<Retained>;

type KeyedAttempt = NewAttempt & RequestKeyed & { key?: KeyHolding | undefined };

/**
 * Retains `attempt` as the agent's next of the day. As a join attempt (`join`), it is retained
 * only if the agent has none, and the agent's join attempt is what comes back either way.
 * Every submit runs the insert, so its statement (one per kind) is compiled once; it returns
 * only the number it took, the rest of the record being what was sent.
 */
export function attemptRetainer(db: Kysely<Database>, family: DialectFamily, upgrade: UpgradeState = upgradeState(db, family)): RetainAttempt {
  const nextEventId = attemptEventId(family);
  const eventId = nextEventId === undefined ? {} : { event_id: nextEventId };
  const insertAttempt = (join: boolean) =>
    compiledOnce(db, (slot: (name: string) => unknown) =>
      nextNumberInsertQuery(db, {
        table: 'attempts',
        values: { ...Object.fromEntries(ATTEMPT_COLUMN_NAMES.map((column) => [column, slot(column)])), ...eventId },
        within: { agent_id: slot('agent_id'), date: slot('date') },
        ceiling: slot('ceiling'),
        // A join attempt also gives way to the join attempt the agent already has; a submit, to
        // an idempotency record that holds its key (an answered request, or another's in flight).
        onlyIf: join
          ? (source) =>
              source.where(({ not, exists, selectFrom }) => not(exists(selectFrom('attempts').select('id').where('agent_id', '=', slot('agent_id')).where('kind', '=', 'join'))))
          : (source) =>
              source.where(({ not, exists, selectFrom, or }) =>
                not(
                  exists(
                    selectFrom('idempotency_records')
                      .select('key_digest')
                      .where('key_digest', '=', slot('key_digest'))
                      .where('expires_at', '>', slot('key_now'))
                      .where((eb) => or([eb('state', '<>', 'in-flight'), eb('fingerprint', '<>', slot('key_fingerprint'))])),
                  ),
                ),
              ),
        returning: ['number'],
      }),
    );
  const inserts = { submit: insertAttempt(false), join: insertAttempt(true) };

  return async (attempt, limit, join) => {
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAXIMUM_LIMIT) {
      throw new RangeError(`the attempt limit must be an integer from 1 to ${MAXIMUM_LIMIT}, not ${limit}`);
    }
    const scope = { agent_id: attempt.agentId, date: attempt.date };
    // Until the upgrade is finished, the result is stored for the previous release, which reads it.
    const stored = (await upgrade.finished()) ? attempt : { ...attempt, resultReplayed: false };
    const columns = attemptColumns(join ? { ...stored, kind: 'join' } : stored, family);
    const values = join ? { ...columns, ceiling: limit } : { ...columns, ceiling: limit, key_now: attempt.key?.now ?? 0, key_fingerprint: attempt.key?.fingerprint ?? null };
    return retryLostRaces<Retained>(limit + 1, `attempt ${attempt.id}`, async () => {
      const [inserted] = (await (join ? inserts.join : inserts.submit)(values)) as { number: number | string }[];
      if (inserted) return { attempt: retainedRecord(join ? { ...attempt, kind: 'join' } : attempt, Number(inserted.number)) };
      if (attempt.key) {
        const held = await holdingKey(db, attempt.key.keyDigest);
        if (held) return { keyHeld: { attempt: toAttempt(held), sameRequest: held.request_digest === attempt.requestDigest } };
        if (await heldByRecord(db, attempt.key)) return { keyHeld: 'record' };
      }
      const earlier = await writtenByRequest<Selectable<AttemptsTable>>(db, 'attempts', attempt.requestDigest);
      // Written by this request before its attempt held a key (another release's instance).
      if (earlier) return attempt.key ? { keyHeld: { attempt: toAttempt(earlier), sameRequest: true } } : { attempt: toAttempt(earlier) };
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
function retainedRecord({ requestDigest: _, key: __, ...attempt }: KeyedAttempt, number: number): AttemptRecord {
  return { ...attempt, number };
}

/** The attempt that holds the Idempotency-Key with `keyDigest`, if one does. */
export async function holdingKey(db: Kysely<Database>, keyDigest: string): Promise<Selectable<AttemptsTable> | undefined> {
  return await db.selectFrom('attempts').selectAll().where('key_digest', '=', keyDigest).executeTakeFirst();
}

/** Whether an unexpired idempotency record holds the key for another request, or has answered it (the insert's condition). */
async function heldByRecord(db: Kysely<Database>, key: KeyHolding): Promise<boolean> {
  const record = await db
    .selectFrom('idempotency_records')
    .select(['state', 'fingerprint'])
    .where('key_digest', '=', key.keyDigest)
    .where('expires_at', '>', key.now)
    .executeTakeFirst();
  return record !== undefined && (record.state !== 'in-flight' || record.fingerprint !== key.fingerprint);
}
