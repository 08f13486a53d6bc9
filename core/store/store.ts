/**
 * The one storage interface the core sees: domain verbs, no SQL. `storage/` implements it with
 * Kysely on SQLite (better-sqlite3, bun:sqlite, Deno's node:sqlite), PostgreSQL (pg, PGlite)
 * and D1. Every write that must be atomic is one conditional statement backed by a
 * constraint (or a trigger inside that statement), never read-then-write in application code.
 */
import type { AgentStore } from '../agents/store.ts';
import type { ArrivalStore } from '../arrival/store.ts';
import type { EventStore } from '../events/store.ts';
import type { HealthStore } from '../health/store.ts';
import type { IdempotencyStore } from '../http/idempotency-store.ts';
import type { RateLimitStore } from '../http/rate-limit-store.ts';
import type { LeagueStore } from '../league/store.ts';
import type { RulesStore } from '../rules/store.ts';
import type { SocialStore } from '../social/store.ts';

/** Everything the core keeps, surface by surface, and a way to let go of the connection. */
export interface Store extends AgentStore, LeagueStore, SocialStore, RulesStore, ArrivalStore, EventStore, IdempotencyStore, RateLimitStore, HealthStore {
  close(): Promise<void>;
}
