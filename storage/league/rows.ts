/** Conversions between stored attempts and the core's records, the same on every dialect. */
import type { Selectable } from 'kysely';
import type { AttemptRecord, ListedAttempt, NewAttempt, StoredAttempt } from '../../core/league/records.ts';
import type { KeyHolding, RequestKeyed } from '../../core/store/request-keyed.ts';
import { asNumber, flag } from '../shared/columns.ts';
import type { DialectFamily } from '../shared/family.ts';
import type { AttemptsTable } from './tables.ts';

/** The attempt's columns except `number`, which the inserting statement computes. */
export const ATTEMPT_COLUMN_NAMES = [
  'id',
  'agent_id',
  'kind',
  'challenge_id',
  'date',
  'actions',
  'score',
  'reached_exit',
  'benchmark',
  'checksum',
  'receipt_token',
  'result',
  'declaration',
  'created_at',
  'request_digest',
  'key_digest',
] as const satisfies readonly (keyof Omit<AttemptsTable, 'number' | 'event_id'>)[];

/** The attempt's columns except `number`, which the inserting statement computes, and its event's id (../events/record-events.ts). */
export function attemptColumns(attempt: NewAttempt & RequestKeyed & { key?: KeyHolding | undefined }, family: DialectFamily): Omit<AttemptsTable, 'number' | 'event_id'> {
  return {
    id: attempt.id,
    agent_id: attempt.agentId,
    kind: attempt.kind,
    challenge_id: attempt.challengeId,
    date: attempt.date,
    actions: attempt.actions,
    score: attempt.score,
    reached_exit: flag(family, attempt.reachedExit),
    benchmark: attempt.benchmark,
    checksum: attempt.checksum,
    receipt_token: attempt.receiptToken,
    result: attempt.resultReplayed ? '' : JSON.stringify(attempt.result),
    declaration: JSON.stringify(attempt.declaration),
    created_at: attempt.createdAt,
    request_digest: attempt.requestDigest ?? null,
    key_digest: attempt.key?.keyDigest ?? null,
  };
}

/** The columns a listing reads: all an attempt's but its result (the largest, which a listing never sends) and the request's digest. */
export const LISTED_ATTEMPT_COLUMNS = [
  'id',
  'agent_id',
  'kind',
  'challenge_id',
  'date',
  'number',
  'actions',
  'score',
  'reached_exit',
  'benchmark',
  'checksum',
  'receipt_token',
  'declaration',
  'created_at',
] as const satisfies readonly (keyof AttemptsTable)[];

export type ListedAttemptRow = Pick<Selectable<AttemptsTable>, (typeof LISTED_ATTEMPT_COLUMNS)[number]>;

/** The columns an export reads: a listing's and the result, as stored text. */
export const STORED_ATTEMPT_COLUMNS = [...LISTED_ATTEMPT_COLUMNS, 'result'] as const;

/**
 * One object literal: a record copied with `...` and members added after it cost V8 some 6 µs
 * an attempt (a listing's 20 took longer than its query).
 */
export function toListedAttempt(row: ListedAttemptRow): ListedAttempt {
  return {
    id: row.id,
    agentId: row.agent_id,
    kind: row.kind,
    challengeId: row.challenge_id,
    date: row.date,
    number: asNumber(row.number),
    actions: row.actions,
    score: asNumber(row.score),
    reachedExit: Boolean(row.reached_exit),
    benchmark: row.benchmark,
    checksum: row.checksum,
    receiptToken: row.receipt_token,
    declaration: JSON.parse(row.declaration),
    createdAt: row.created_at,
  };
}

export function toAttempt(row: Selectable<AttemptsTable>): AttemptRecord {
  const { resultJson, declarationJson, createdAt, ...fields } = toStoredAttempt(row);
  // In the record's own order: some answers are the record's fields as they come.
  return { ...fields, result: resultJson === '' ? null : JSON.parse(resultJson), declaration: JSON.parse(declarationJson), createdAt };
}

export function toStoredAttempt(row: ListedAttemptRow & Pick<Selectable<AttemptsTable>, 'result'>): StoredAttempt {
  return {
    id: row.id,
    agentId: row.agent_id,
    kind: row.kind,
    challengeId: row.challenge_id,
    date: row.date,
    number: asNumber(row.number),
    actions: row.actions,
    score: asNumber(row.score),
    reachedExit: Boolean(row.reached_exit),
    benchmark: row.benchmark,
    checksum: row.checksum,
    receiptToken: row.receipt_token,
    resultJson: row.result,
    declarationJson: row.declaration,
    createdAt: row.created_at,
  };
}
