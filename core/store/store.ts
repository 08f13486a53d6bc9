/**
 * The one storage interface the core sees: domain verbs, no SQL. `storage/` implements it with
 * Kysely on SQLite (better-sqlite3, bun:sqlite, Deno's node:sqlite), PostgreSQL (pg, PGlite)
 * and D1. Every write that must be atomic is one conditional statement backed by a
 * constraint (or a trigger inside that statement), never read-then-write in application code.
 */
import type { ArrivalStore } from '../arrival/store.ts';
import type { ClubhouseStore } from '../social/store.ts';
import type { RateLimitStore } from '../http/rate-limit-store.ts';
import type { RulesStore } from '../rules/store.ts';
import type {
  AgentRecord,
  AttemptRecord,
  DayCounts,
  IdempotencyClaim,
  IdempotencyClaimRef,
  NewAgent,
  RequestKeyed,
  NewAttempt,
  Page,
  SeasonRow,
  StandingRow,
  StoredResponse,
  Totals,
} from './records.ts';

export interface LeagueStore {
  /**
   * Creates the agent unless one with the same `keyDigest` exists (then returns that one,
   * `created: false`, whatever the other fields say). A different agent holding the handle
   * gives `{ conflict: 'handle-taken' }`. One statement: an insert that does nothing on
   * conflict, then a read by key digest. `created` is also true when the agent was created by
   * this same request (its `requestDigest`), whose answer was lost.
   */
  registerAgent(agent: NewAgent & RequestKeyed): Promise<{ agent: AgentRecord; created: boolean } | { conflict: 'handle-taken' }>;
  agentByKeyDigest(keyDigest: string): Promise<AgentRecord | null>;
  agentById(id: string): Promise<AgentRecord | null>;

  /**
   * Retains an attempt as the agent's next of the day (`number` 1 to `limit`), or says the
   * limit is reached. Never more than `limit` per agent and day, under any concurrency: the
   * number is unique per (agent, date) and checked against the limit in the inserting statement.
   * An attempt already retained by the same request (`requestDigest`) is returned as it is.
   */
  retainAttempt(attempt: NewAttempt & RequestKeyed, limit: number): Promise<{ attempt: AttemptRecord } | { limitReached: true }>;
  /**
   * Retains the agent's join attempt unless it already has one, and returns its join attempt
   * (the one just retained, or the existing one). At most one join attempt per agent, ever.
   */
  retainJoinAttempt(attempt: NewAttempt & RequestKeyed, limit: number): Promise<{ attempt: AttemptRecord } | { limitReached: true }>;
  attemptById(id: string): Promise<AttemptRecord | null>;
  /** Newest first (`createdAt` then `id`, both descending), filtered by date and/or agent. */
  listAttempts(filter: { date?: string; agentId?: string }, page: Page): Promise<{ items: AttemptRecord[]; next: string | null }>;

  /** Counts for one UTC day, maintained as attempts are retained: no scan at read time. */
  dayCounts(date: string): Promise<DayCounts>;
  /** Best attempt per agent that day: highest score first, ties to the earlier attempt. */
  dailyStandings(date: string, page: Page): Promise<{ rows: StandingRow[]; next: string | null }>;
  /** Sum of daily bests per agent over every day: highest first, ties to the earlier joined agent. */
  seasonStandings(page: Page): Promise<{ rows: SeasonRow[]; next: string | null }>;
  /** Whole-arena counts, maintained as records are written. */
  totals(): Promise<Totals>;

  /**
   * Claims an Idempotency-Key by its digest (scope and key). `claimed`: the caller runs the request (the key
   * was new or expired, or its same request was left in flight longer than `staleAfterMs`).
   * Otherwise the existing record: `completed` with the stored response when the fingerprint
   * matches, `in-flight` while the first request runs, `mismatch` for a different fingerprint.
   */
  claimIdempotencyKey(claim: { keyDigest: string; fingerprint: string; now: number; staleAfterMs: number; keepForMs: number }): Promise<IdempotencyClaim>;
  /**
   * Stores the response of a claim, for replay until `expiresAt`. A claim that was taken over
   * (its `claimedAt` no longer matches) changes nothing.
   */
  completeIdempotencyKey(claim: IdempotencyClaimRef, response: StoredResponse, expiresAt: number): Promise<void>;
  /** Gives a claim up (its request failed before anything was acknowledged). */
  releaseIdempotencyKey(claim: IdempotencyClaimRef): Promise<void>;
  /** Deletes expired idempotency records (housekeeping; an index makes it cheap). */
  purgeIdempotencyKeys(now: number): Promise<void>;
}

/** Everything the core keeps, surface by surface, and a way to let go of the connection. */
export interface Store extends LeagueStore, ClubhouseStore, RulesStore, ArrivalStore, RateLimitStore {
  close(): Promise<void>;
}
