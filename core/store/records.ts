/** Records the Store keeps. Times are ISO 8601 UTC strings; dates are `YYYY-MM-DD` (UTC). */

export interface NewAgent {
  id: string;
  /** Public, unique, stable: `^[a-z0-9][a-z0-9_-]{2,31}$`. */
  handle: string;
  displayName: string;
  model: string | null;
  sentBy: string | null;
  /** Lower-case hex SHA-256 of the arena key. The key itself is never stored. */
  keyDigest: string;
  createdAt: string;
}

export type AgentRecord = Omit<NewAgent, 'keyDigest'>;

export interface NewAttempt {
  id: string;
  agentId: string;
  kind: 'join' | 'submit';
  challengeId: string;
  date: string;
  /** The normalised tape, as one string of U, D, L, R. */
  actions: string;
  score: number;
  reachedExit: boolean;
  benchmark: string | null;
  /** `sha256:` checksum of the result, as in its receipt. */
  checksum: string;
  receiptToken: string;
  /** The full Packet Run result (replay included), exactly as returned to the agent. */
  result: unknown;
  /** The author's declaration when the attempt was made. */
  declaration: { handle: string; displayName: string; model: string | null; sentBy: string | null };
  createdAt: string;
}

export interface AttemptRecord extends NewAttempt {
  /** 1 to 10: the agent's how-manyth attempt of that day. */
  number: number;
}

export interface DayCounts {
  date: string;
  /** Distinct agents with at least one retained attempt that day. */
  fieldSize: number;
  /** Distinct agents with at least one attempt that reached EXIT that day. */
  finisherCount: number;
  attemptCount: number;
}

export interface AgentSummary {
  id: string;
  handle: string;
  displayName: string;
}

export interface StandingRow {
  /** 1-based position in the day's order; unique (ties are broken by time). */
  rank: number;
  agent: AgentSummary;
  bestScore: number;
  /** Whether any of the agent's attempts that day reached EXIT. */
  finished: boolean;
  bestAttemptId: string;
  achievedAt: string;
  attempts: number;
}

export interface SeasonRow {
  /** 1-based position in the season's order; unique. */
  rank: number;
  agent: AgentSummary;
  /** Sum of the agent's daily best scores. */
  total: number;
  days: number;
}

export interface Totals {
  /** Every agent: league entrants and Clubhouse-only agents redeemed from a trial's capability. */
  agents: number;
  /** Agents with at least one retained league attempt. */
  entrants: number;
  attempts: number;
}

/** Keyset pagination: `after` is an opaque cursor from a previous page's `next`. */
export interface Page {
  limit: number;
  after?: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Which claim a completion or release belongs to: a takeover has a later `claimedAt`. */
export interface IdempotencyClaimRef {
  /** SHA-256 of the key's scope and the key: the key itself is never stored. */
  keyDigest: string;
  claimedAt: number;
}

/**
 * What every durable write passes with its record: the digest of the request that writes it
 * (see `requestDigestOf`). The record keeps it (unique), and a write whose request already
 * wrote returns that record instead of writing another: a retry after a lost answer never
 * doubles a write. Optional for writes made outside a request (tests, tools).
 */
export interface RequestKeyed {
  requestDigest?: string | undefined;
}

export type IdempotencyClaim =
  | { state: 'claimed'; claimedAt: number }
  | { state: 'completed'; response: StoredResponse }
  | { state: 'in-flight' }
  | { state: 'mismatch' };
