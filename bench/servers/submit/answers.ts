/**
 * The minimal submit's answers, written as text: a retained attempt exactly as the arena states
 * it (`publicAttempt` with its result, and the attempts left), and RFC 9457 problem documents
 * in the arena's shape (type, title, status, detail, instance, errors).
 */
import { PROBLEM_TYPES, type ProblemSlug } from '../../../core/http/problem.ts';
import type { RetainedRow } from './ledger.ts';

export const SUBMIT_PATH = '/api/league/submit';

/** One answer: status, headers and body, written in one piece. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `{"attempt":{…,"result":…},"remainingAttempts":n}`, the arena's members in the arena's order,
 * the stored JSON of the result and the declaration spliced in as they are.
 */
export function attemptAnswer(attempt: RetainedRow, limit: number, publicBase: string, replayed: boolean): Answer {
  const fields = JSON.stringify({
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
  });
  const rest = `"declaration":${attempt.declarationJson},"createdAt":${JSON.stringify(attempt.createdAt)},"url":${JSON.stringify(`${publicBase}/api/league/attempts/${attempt.id}`)},"result":${attempt.resultJson}`;
  const body = `{"attempt":${fields.slice(0, -1)},${rest}},"remainingAttempts":${limit - attempt.number}}`;
  return { status: 200, headers: replayed ? { 'content-type': JSON_TYPE, 'idempotency-replayed': 'true' } : { 'content-type': JSON_TYPE }, body };
}

/** A problem document; `path` names the field at fault, when one is. */
export function problem(slug: ProblemSlug, detail: string, options: { path?: string; message?: string; headers?: Record<string, string> } = {}): Answer {
  const { status, title } = PROBLEM_TYPES[slug];
  const errors = options.path === undefined ? '' : `,"errors":[${JSON.stringify({ path: options.path, message: options.message ?? detail })}]`;
  const body = `{"type":"/problems/${slug}","title":${JSON.stringify(title)},"status":${status},"detail":${JSON.stringify(detail)},"instance":"${SUBMIT_PATH}"${errors}}`;
  return { status, headers: { 'content-type': 'application/problem+json', ...options.headers }, body };
}
