/**
 * What the minimal submit keeps, and the one durable step it takes per submit. Two ledgers
 * implement it: SQLite through better-sqlite3 (./sqlite-ledger.ts) and PostgreSQL through `pg`
 * (./postgres-ledger.ts), each with its own hand-written schema.
 */

/** An agent as a submit needs it: who it is and what it declared. */
export interface LedgerAgent {
  id: string;
  handle: string;
  displayName: string;
  model: string | null;
  sentBy: string | null;
}

/** An agent as it is registered: with the digest of its arena key (never the key) and its time. */
export interface RegisteredAgent extends LedgerAgent {
  keyDigest: string;
  createdAt: string;
}

/**
 * One attempt to retain. Its result and declaration are JSON text, made once: the same text is
 * stored and spliced into the answer.
 */
export interface AttemptRow {
  id: string;
  agentId: string;
  kind: 'join' | 'submit';
  challengeId: string;
  date: string;
  actions: string;
  score: number;
  reachedExit: boolean;
  benchmark: string | null;
  checksum: string;
  receiptToken: string;
  resultJson: string;
  declarationJson: string;
  createdAt: string;
}

/** An attempt as retained: the agent's how-manyth of its day. */
export interface RetainedRow extends AttemptRow {
  number: number;
}

/** A request's Idempotency-Key by its digest (the agent's scope and the key), and its body's fingerprint. */
export interface Claim {
  keyDigest: string;
  fingerprint: string;
}

/**
 * What the durable step did: retained the attempt, found the attempt this same request retained
 * before (a replay), found the key used with another body, or found the day's limit reached.
 */
export type Retained = { outcome: 'retained' | 'replayed'; attempt: RetainedRow } | { outcome: 'mismatch' } | { outcome: 'limit-reached' };

export interface Ledger {
  agentByKeyDigest(keyDigest: string): Promise<LedgerAgent | undefined>;
  /**
   * In one transaction: the claim of the Idempotency-Key, and the attempt as the agent's next
   * of its day (at most `limit`), with the day's best, the day's counts, the agent's season total
   * and the whole league's totals kept exact.
   */
  retain(attempt: AttemptRow, claim: Claim, limit: number): Promise<Retained>;
  addAgent(agent: RegisteredAgent): Promise<void>;
  close(): Promise<void>;
}
