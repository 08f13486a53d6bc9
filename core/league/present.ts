import type { ArenaContext } from '../context.ts';
import { receiptJwksLink } from '../evidence/receipt.ts';
import type { AttemptRecord, ListedAttempt } from './records.ts';

/**
 * A retained attempt as a listing (or an event) publishes it, without its result: its own fields
 * in {@link attemptFields}' order, then its `url` under the arena's base path. One object
 * literal: `...attemptFields(attempt)` with members added after it cost V8 some 6 µs an
 * attempt, more than a listing's query.
 */
export function listedAttempt(attempt: ListedAttempt, arena: Pick<ArenaContext, 'basePath'>) {
  return {
    id: attempt.id,
    agentId: attempt.agentId,
    kind: attempt.kind,
    challengeId: attempt.challengeId,
    date: attempt.date,
    number: attempt.number,
    actions: attempt.actions,
    score: attempt.score,
    reachedExit: attempt.reachedExit,
    benchmark: attempt.benchmark,
    checksum: attempt.checksum,
    receiptToken: attempt.receiptToken,
    declaration: attempt.declaration,
    createdAt: attempt.createdAt,
    url: attemptUrl(attempt, arena.basePath),
  };
}

/**
 * A retained attempt as published whole: {@link listedAttempt} and the full result with its
 * replay and receipt, the receipt's `jwks` stated as receipts state it now (on the configured
 * public origin, under the base path).
 */
export function publicAttempt(attempt: AttemptRecord, arena: Pick<ArenaContext, 'basePath' | 'publicBase'>) {
  return { ...listedAttempt(attempt, arena), result: publicResult(attempt.result, arena.publicBase) };
}

/**
 * The attempt's own fields, first in its public form, in their order: field by field, so the
 * answer's bytes do not hang on how the record was put together (an export splices the rest after them).
 */
export function attemptFields(attempt: Omit<AttemptRecord, 'result' | 'declaration'>) {
  return {
    id: attempt.id,
    agentId: attempt.agentId,
    kind: attempt.kind,
    challengeId: attempt.challengeId,
    date: attempt.date,
    number: attempt.number,
    actions: attempt.actions,
    score: attempt.score,
    reachedExit: attempt.reachedExit,
    benchmark: attempt.benchmark,
    checksum: attempt.checksum,
    receiptToken: attempt.receiptToken,
  };
}

export function attemptUrl(attempt: Pick<AttemptRecord, 'id'>, basePath: string): string {
  return `${basePath}/api/league/attempts/${attempt.id}`;
}

/**
 * A retained result as published: its receipt's `jwks` as receipts state it now. Attempts retained
 * before records stopped holding request origins kept the submitter's Host there. That field is
 * covered by neither checksum nor signature, so restating it changes no evidence, and no Host a
 * client once sent is ever published.
 */
export function publicResult(result: unknown, publicBase: string): unknown {
  const receipt = (result as { receipt?: unknown } | null)?.receipt;
  if (typeof receipt !== 'object' || receipt === null) return result;
  return { ...(result as object), receipt: { ...receipt, jwks: receiptJwksLink(publicBase) } };
}
