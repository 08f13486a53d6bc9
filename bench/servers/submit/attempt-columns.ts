/** An attempt as both ledgers store it: one column per field, in the table's order. */
import type { AttemptRow, RetainedRow } from './ledger.ts';

export interface AttemptColumns {
  id: string;
  agent_id: string;
  kind: 'join' | 'submit';
  challenge_id: string;
  date: string;
  number: number;
  actions: string;
  score: number;
  /** 0 or 1 on SQLite, a boolean on PostgreSQL. */
  reached_exit: number | boolean;
  benchmark: string | null;
  checksum: string;
  receipt_token: string;
  result: string;
  declaration: string;
  created_at: string;
}

export function columnsOf(attempt: AttemptRow, number: number): AttemptColumns {
  return {
    id: attempt.id,
    agent_id: attempt.agentId,
    kind: attempt.kind,
    challenge_id: attempt.challengeId,
    date: attempt.date,
    number,
    actions: attempt.actions,
    score: attempt.score,
    reached_exit: attempt.reachedExit ? 1 : 0,
    benchmark: attempt.benchmark,
    checksum: attempt.checksum,
    receipt_token: attempt.receiptToken,
    result: attempt.resultJson,
    declaration: attempt.declarationJson,
    created_at: attempt.createdAt,
  };
}

/** A stored attempt as an answer is made from it: a replay's. */
export function retainedRow(row: AttemptColumns): RetainedRow {
  return {
    id: row.id,
    agentId: row.agent_id,
    kind: row.kind,
    challengeId: row.challenge_id,
    date: row.date,
    number: row.number,
    actions: row.actions,
    score: row.score,
    reachedExit: Boolean(row.reached_exit),
    benchmark: row.benchmark,
    checksum: row.checksum,
    receiptToken: row.receipt_token,
    resultJson: row.result,
    declarationJson: row.declaration,
    createdAt: row.created_at,
  };
}
