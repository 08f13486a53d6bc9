/** League records. Times are ISO 8601 UTC strings; dates are `YYYY-MM-DD` (UTC). */
import type { AgentSummary } from '../agents/records.ts';

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
  /**
   * The full Packet Run result (replay included), exactly as returned to the agent. Read back
   * from the store as `null` when it was not stored (`resultReplayed`).
   */
  result: unknown;
  /**
   * Whether the result is left out of the stored record, to be played again from the tape on the
   * day's kept board when read (see replayed-result.ts): every attempt the arena retains since
   * migration 0013, its day's board kept before it.
   */
  resultReplayed?: boolean;
  /** The author's declaration when the attempt was made. */
  declaration: { handle: string; displayName: string; model: string | null; sentBy: string | null };
  createdAt: string;
}

export interface AttemptRecord extends NewAttempt {
  /** 1 to 10: the agent's how-manyth attempt of that day. */
  number: number;
}

/** A retained attempt as a listing sends it: all but its result, which a listing never reads. */
export type ListedAttempt = Omit<AttemptRecord, 'result'>;

/**
 * A retained attempt as stored: its result and declaration still the JSON text they were stored
 * as (JSON.stringify's), for an answer that splices them into its own text rather than parse them.
 */
export type StoredAttempt = Omit<AttemptRecord, 'result' | 'declaration'> & { resultJson: string; declarationJson: string };

export interface DayCounts {
  date: string;
  /** Distinct agents with at least one retained attempt that day. */
  fieldSize: number;
  /** Distinct agents with at least one attempt that reached EXIT that day. */
  finisherCount: number;
  attemptCount: number;
}

/** An agent's best of one day it played. */
export interface AgentDayBest {
  date: string;
  bestScore: number;
  bestAttemptId: string;
  finished: boolean;
  attempts: number;
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
