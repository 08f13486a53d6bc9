/** The league's tables: attempts and the figures their trigger keeps (migrations 0001, 0003, 0004). */
import type { Flag, RequestDigest } from '../shared/columns.ts';

export interface AttemptsTable {
  id: string;
  agent_id: string;
  kind: 'join' | 'submit';
  challenge_id: string;
  date: string;
  /** 1 to 10, unique per (agent_id, date). */
  number: number;
  actions: string;
  score: number;
  reached_exit: Flag;
  benchmark: string | null;
  checksum: string;
  receipt_token: string;
  /** JSON text, or `''` where the result is played again from the day's board (migration 0013). */
  result: string;
  /** JSON text. */
  declaration: string;
  created_at: string;
  request_digest: RequestDigest;
  /** A submit's: the digest of its Idempotency-Key, which the attempt holds (unique; migration 0012). */
  key_digest: string | null;
  /**
   * The id of the attempt's own `attempt.retained` event (migration 0014; unique): null for an
   * attempt retained before the events were kept (0008). A bigint on PostgreSQL, given by the
   * column's default there; `pg` returns it as a string.
   */
  event_id: number | string | null;
}

/** Per day: maintained by the attempts trigger. */
export interface DayCountsTable {
  date: string;
  field_size: number;
  finisher_count: number;
  attempt_count: number;
}

/** Per agent and day: the best attempt so far, maintained by the attempts trigger. */
export interface DayBestsTable {
  date: string;
  agent_id: string;
  best_score: number;
  best_attempt_id: string;
  /** `created_at` of the best attempt. */
  achieved_at: string;
  finished: Flag;
  attempts: number;
}

/** Per agent: the sum of its daily bests, maintained by the attempts trigger. */
export interface SeasonTotalsTable {
  agent_id: string;
  /** The agent's `created_at`, copied here so the season order is one index. */
  agent_created_at: string;
  total: number;
  days: number;
}

/** One row (`id` = 1): whole-arena counts, maintained by the agents and attempts triggers. */
export interface LeagueTotalsTable {
  id: number;
  agents: number;
  attempts: number;
}

/** One row (`id` = 1): agents with at least one retained league attempt, kept by a trigger (0003). */
export interface LeagueEntrantsTable {
  id: number;
  entrants: number;
}

/** Each league day's board, kept before the day's first attempt (migration 0013). */
export interface LeagueBoardsTable {
  date: string;
  /** The board as JSON text. */
  board: string;
}
