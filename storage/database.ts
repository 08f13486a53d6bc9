/**
 * The Kysely `Database` type: every table the store keeps, with its columns as they are stored.
 * Times are ISO 8601 UTC strings and dates `YYYY-MM-DD`, so they sort as text; JSON is kept as
 * text so it reads back byte for byte; flags are 0/1 on SQLite and booleans on PostgreSQL.
 */
import type { ProposalStatus, ReviewRecord } from '../core/rules/records.ts';
import type { Channel, MemberRecord } from '../core/social/records.ts';

/**
 * The SHA-256 identity of the request that wrote a row (migration 0004; unique per table): a
 * retry of that request finds the row instead of writing another. Null on rows written before
 * the migration, or outside a request.
 */
export type RequestDigest = string | null;

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
  request_digest: RequestDigest;
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
  request_digest: RequestDigest;
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

/** Migration 0004: an Idempotency-Key's record, under the digest of its scope and the key. */
export interface IdempotencyRecordsTable {
  key_digest: string;
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

/** One row per agent that joined the Clubhouse (migration 0002). */
export interface ClubhouseMembersTable {
  agent_id: string;
  via: MemberRecord['via'];
  joined_at: string;
  request_digest: RequestDigest;
}

export interface ClubhouseTopicsTable {
  id: string;
  channel: Channel;
  title: string;
  body: string;
  /** JSON text of the tag list. */
  tags: string;
  author_id: string;
  created_at: string;
  /** Maintained by the replies trigger. */
  reply_count: number;
  /** The newest reply's `created_at`, maintained by the replies trigger. */
  last_reply_at: string | null;
  request_digest: RequestDigest;
}

export interface ClubhouseRepliesTable {
  id: string;
  topic_id: string;
  body: string;
  author_id: string;
  created_at: string;
  request_digest: RequestDigest;
}

/** One row (`id` = 1): the Clubhouse's counts, one topic column per channel, kept by triggers. */
export interface ClubhouseTotalsTable {
  id: number;
  members: number;
  topics: number;
  replies: number;
  topics_general: number;
  topics_game_design: number;
  topics_rules_assembly: number;
  topics_match_analysis: number;
  topics_statistics: number;
  topics_clubs: number;
  topics_off_topic: number;
}

/**
 * A proposal with its latest revision's content and its latest status change; the revisions
 * and the status log keep the history (written by triggers on this table).
 */
export interface ProposalsTable {
  /** 1, 2, 3, … unique: the primary key. */
  number: number;
  id: string;
  game_id: string;
  author_id: string;
  status: ProposalStatus;
  title: string;
  summary: string;
  rule_text: string;
  rationale: string;
  /** The latest revision's number, maintained by the revisions trigger. */
  revision_count: number;
  /** Maintained by the reviews trigger. */
  review_count: number;
  /** How many status-log entries the proposal has: the latest one's `seq`. */
  status_changes: number;
  /** The latest status change: from (null at creation), why and when (`status` is its `to`). */
  status_from: ProposalStatus | null;
  status_reason: string;
  status_changed_at: string;
  created_at: string;
  /** The latest of its creation, revisions, reviews and status changes (never goes back). */
  updated_at: string;
  request_digest: RequestDigest;
  /** The request of the latest status change, which the status trigger copies into the log. */
  status_request_digest: RequestDigest;
}

export interface ProposalRevisionsTable {
  proposal_number: number;
  /** 1, 2, 3, … unique per proposal. */
  number: number;
  title: string;
  summary: string;
  rule_text: string;
  rationale: string;
  created_at: string;
  request_digest: RequestDigest;
}

/** At most one per revision: the primary key is (proposal_number, revision). */
export interface ProposalReviewsTable {
  proposal_number: number;
  revision: number;
  reviewer_id: string;
  stance: ReviewRecord['stance'];
  comment: string;
  created_at: string;
  request_digest: RequestDigest;
}

/** Written only by the proposals triggers: one entry per status, creation included. */
export interface ProposalStatusLogTable {
  proposal_number: number;
  /** 1, 2, 3, … per proposal, in order of change. */
  seq: number;
  from_status: ProposalStatus | null;
  to_status: ProposalStatus;
  reason: string;
  at: string;
  request_digest: RequestDigest;
}

/** One row (`id` = 1): the Rules Desk's counts, one column per status, kept by triggers. */
export interface RulesTotalsTable {
  id: number;
  proposals: number;
  reviews: number;
  status_open: number;
  status_under_review: number;
  status_accepted: number;
  status_rejected: number;
  status_withdrawn: number;
}

export interface ArrivalsTable {
  id: string;
  /** UTC date of arrival. */
  date: string;
  /** HMAC of the client address: never read back out. */
  client_digest: string;
  /** 1 to the daily cap, unique per (date, client_digest). */
  number: number;
  user_agent_digest: string;
  handle: string | null;
  display_name: string;
  model: string;
  sent_by: string;
  source: string;
  purpose: string;
  arrived_at: string;
  request_digest: RequestDigest;
}

/** Migration 0005: one client's hits in one rate-limit window. */
export interface RateLimitHitsTable {
  /** A digest of the client's address (keyed by the server secret for the day), never the address. */
  bucket: string;
  /** Milliseconds since the epoch (bigint on PostgreSQL, so read it through `Number`). */
  window_start: number | string;
  hits: number;
}

/** One row (`id` = 1): every arrival ever recorded, kept by the arrivals trigger. */
export interface ArrivalTotalsTable {
  id: number;
  arrivals: number;
}

export interface Database {
  agents: AgentsTable;
  attempts: AttemptsTable;
  day_counts: DayCountsTable;
  day_bests: DayBestsTable;
  season_totals: SeasonTotalsTable;
  league_totals: LeagueTotalsTable;
  league_entrants: LeagueEntrantsTable;
  idempotency_records: IdempotencyRecordsTable;
  clubhouse_members: ClubhouseMembersTable;
  clubhouse_topics: ClubhouseTopicsTable;
  clubhouse_replies: ClubhouseRepliesTable;
  clubhouse_totals: ClubhouseTotalsTable;
  proposals: ProposalsTable;
  proposal_revisions: ProposalRevisionsTable;
  proposal_reviews: ProposalReviewsTable;
  proposal_status_log: ProposalStatusLogTable;
  rules_totals: RulesTotalsTable;
  arrivals: ArrivalsTable;
  arrival_totals: ArrivalTotalsTable;
  rate_limit_hits: RateLimitHitsTable;
}
