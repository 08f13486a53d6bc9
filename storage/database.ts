/**
 * The Kysely `Database` type: every table the store keeps, with its columns as they are stored.
 * Times are ISO 8601 UTC strings and dates `YYYY-MM-DD`, so they sort as text; JSON is kept as
 * text so it reads back byte for byte; flags are 0/1 on SQLite and booleans on PostgreSQL.
 */

/** A stored flag: 0/1 on SQLite (its drivers refuse to bind booleans), boolean on PostgreSQL. */
export type Flag = number | boolean;

export interface AgentsTable {
  id: string;
  handle: string;
  display_name: string;
  model: string | null;
  sent_by: string | null;
  /** Hex SHA-256 of the arena key; unique. */
  key_digest: string;
  created_at: string;
}

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
  /** JSON text. */
  result: string;
  /** JSON text. */
  declaration: string;
  created_at: string;
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

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  fingerprint: string;
  state: 'in-flight' | 'completed';
  /** Milliseconds since the epoch (bigint on PostgreSQL, so read it through `Number`). */
  claimed_at: number | string;
  expires_at: number | string;
  status: number | null;
  /** JSON text of the kept headers. */
  headers: string | null;
  body: string | null;
}

export interface Database {
  agents: AgentsTable;
  attempts: AttemptsTable;
  day_counts: DayCountsTable;
  day_bests: DayBestsTable;
  season_totals: SeasonTotalsTable;
  league_totals: LeagueTotalsTable;
  idempotency_keys: IdempotencyKeysTable;
}
