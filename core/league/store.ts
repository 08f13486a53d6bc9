import type { Page } from '../store/page.ts';
import type { KeyHolding, RequestKeyed } from '../store/request-keyed.ts';
import type { AgentDayBest, AttemptRecord, DayCounts, ListedAttempt, NewAttempt, SeasonRow, StandingRow, StoredAttempt, Totals } from './records.ts';

/**
 * What retaining an attempt came to: the attempt, the day's limit reached, or the request's
 * Idempotency-Key held already, by an attempt (`sameRequest` when this request retained it) or
 * by an idempotency record (`'record'`).
 */
export type Retained = { attempt: AttemptRecord } | { limitReached: true } | { keyHeld: { attempt: AttemptRecord; sameRequest: boolean } | 'record' };

/** The league's attempts and the figures kept as they are retained. */
export interface LeagueStore {
  /**
   * Retains an attempt as the agent's next of the day (`number` 1 to `limit`), or says the
   * limit is reached. Never more than `limit` per agent and day, under any concurrency: the
   * number is unique per (agent, date) and checked against the limit in the inserting statement.
   * An attempt already retained by the same request (`requestDigest`) is returned as it is.
   * With `key`, the attempt holds the request's Idempotency-Key, and is not retained when the
   * key is held already (`keyHeld`).
   */
  retainAttempt(attempt: NewAttempt & RequestKeyed & { key?: KeyHolding }, limit: number): Promise<Retained>;
  /**
   * Retains the agent's join attempt unless it already has one, and returns its join attempt
   * (the one just retained, or the existing one). At most one join attempt per agent, ever.
   */
  retainJoinAttempt(attempt: NewAttempt & RequestKeyed, limit: number): Promise<{ attempt: AttemptRecord } | { limitReached: true }>;
  /** An attempt as stored: its `result` null where it is played again (`resultReplayed`). */
  attemptById(id: string): Promise<AttemptRecord | null>;
  /** The attempts of these ids that exist, in no set order (at most 100 ids: D1's bound on a statement's parameters). */
  attemptsById(ids: readonly string[]): Promise<AttemptRecord[]>;
  /** The attempt holding the Idempotency-Key with `keyDigest` (see `KeyHolding`), and the digest of the request that retained it. */
  attemptHoldingKey(keyDigest: string): Promise<{ attempt: AttemptRecord; requestDigest: string | null } | null>;
  /** The attempt retained by the request with `requestDigest` (see `RequestKeyed`), if it retained one. */
  attemptByRequest(requestDigest: string): Promise<AttemptRecord | null>;
  /** Newest first (`createdAt` then `id`, both descending), filtered by date and/or agent; each without its result, which no listing sends. */
  listAttempts(filter: { date?: string; agentId?: string }, page: Page): Promise<{ items: ListedAttempt[]; next: string | null }>;
  /** The same listing, each attempt as stored (its result and declaration unparsed, its result `''` where played again): what an export splices. */
  listStoredAttempts(filter: { date?: string; agentId?: string }, page: Page): Promise<{ items: StoredAttempt[]; next: string | null }>;

  /**
   * Keeps `board` (its JSON text) as the board of `date`, unless a board is kept for that date
   * already, and returns the text kept: the first board kept for a day stays.
   */
  keepDayBoard(date: string, board: string): Promise<string>;
  /** The board kept for `date` (JSON text), or null. */
  dayBoard(date: string): Promise<string | null>;

  /** Counts for one UTC day, maintained as attempts are retained: no scan at read time. */
  dayCounts(date: string): Promise<DayCounts>;
  /** Best attempt per agent that day: highest score first, ties to the earlier attempt. */
  dailyStandings(date: string, page: Page): Promise<{ rows: StandingRow[]; next: string | null }>;
  /** How the day's field is spread: each best score held by an agent that day, and how many hold it, lowest first. */
  scoreSpread(date: string): Promise<{ score: number; agents: number }[]>;
  /** Each day's top score from `from` to `to` (both included), oldest first: days with no attempt are left out. */
  dailyTopScores(from: string, to: string): Promise<{ date: string; score: number }[]>;
  /** An agent's best of each day it played, newest day first, at most `limit` days. */
  agentDayBests(agentId: string, limit: number): Promise<AgentDayBest[]>;
  /** Sum of daily bests per agent over every day: highest first, ties to the earlier joined agent. */
  seasonStandings(page: Page): Promise<{ rows: SeasonRow[]; next: string | null }>;
  /** Whole-arena counts, maintained as records are written. */
  totals(): Promise<Totals>;
}
