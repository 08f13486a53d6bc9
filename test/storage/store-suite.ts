/**
 * The one storage suite: every `Store` method and every atomicity promise, run on each dialect
 * by a small `*.test.ts` that says how to get a fresh database (`StoreTarget`). Each test gets
 * its own database, so counts and season standings start from nothing: a migrated copy of one
 * (see templates.ts), or an empty one for the cases about migrating.
 */
import { afterEach, beforeEach, describe } from 'vitest';
import type { Kysely } from 'kysely';
import type { Store } from '../../core/store/store.ts';
import type { DialectFamily } from '../../storage/index.ts';
import { agentCases } from './cases/agents.ts';
import { arrivalCases } from './cases/arrivals.ts';
import { attemptCases } from './cases/attempts.ts';
import { attemptKeyCases } from './cases/attempt-keys.ts';
import { clubhouseCases } from './cases/clubhouse.ts';
import { concurrencyCases } from './cases/concurrency.ts';
import { dayBoardCases } from './cases/day-boards.ts';
import { eventCases } from './cases/events.ts';
import { figureCases } from './cases/figures.ts';
import { idempotencyCases } from './cases/idempotency.ts';
import { lifecycleCases } from './cases/lifecycle.ts';
import { listingCases } from './cases/listings.ts';
import { rateLimitCases } from './cases/rate-limits.ts';
import { a2aKeepsNothingCases } from './cases/a2a-keeps-nothing.ts';
import { requestDigestCases } from './cases/request-digests.ts';
import { rulesCases } from './cases/rules.ts';
import { socialConcurrencyCases } from './cases/social-concurrency.ts';

/** A store opened on a target's database, as one start of the arena would open it. */
export interface OpenedStore {
  store: Store;
  /** Migrations this open ran (the first open of a database runs them all, later ones none). */
  ran: string[];
  /** Runs `migrateToLatest` again through this store's connection; resolves to what it ran. */
  migrate(): Promise<string[]>;
  /** Undoes the latest migration through this store's connection (its `down`); resolves to what it undid. */
  migrateDown(): Promise<string[]>;
  /** The store's own connection, for tests that look under the store (old tables, raw rows). */
  db: Kysely<any>;
}

/** One fresh database on one dialect. */
export interface StoreTarget {
  /** Opens a store on this database through a new client, migrating first (as every start does). */
  open(): Promise<OpenedStore>;
  /** Closes every store still open and removes the database. */
  dispose(): Promise<void>;
}

/** How to test one dialect. */
export interface DialectUnderTest {
  family: DialectFamily;
  /** A fresh, empty database. */
  createTarget(): Promise<StoreTarget>;
  /** A fresh database as the migrations leave it, copied from one migrated before (quicker than migrating each). */
  createMigratedTarget?(): Promise<StoreTarget>;
  /** Whether a second `open` may run while another store is open (another process, in effect). */
  sharedOpen: boolean;
}

/** What each group of cases reads: the current test's target and the store opened on it. */
export interface SuiteContext {
  readonly target: StoreTarget;
  readonly opened: OpenedStore;
  readonly store: Store;
  /** The stores to spread concurrent calls over: this one, plus a second client when the target allows. */
  stores(): Promise<Store[]>;
  readonly dialect: DialectUnderTest;
}

export function storeSuite(name: string, dialect: DialectUnderTest): void {
  describe(name, () => {
    describe('on a migrated database', () => {
      const context = contextOn(dialect, () => dialect.createMigratedTarget?.() ?? dialect.createTarget());
      agentCases(context);
      attemptCases(context);
      attemptKeyCases(context);
      dayBoardCases(context);
      listingCases(context);
      figureCases(context);
      idempotencyCases(context);
      requestDigestCases(context);
      rateLimitCases(context);
      a2aKeepsNothingCases(context);
      clubhouseCases(context);
      rulesCases(context);
      arrivalCases(context);
      eventCases(context);
      concurrencyCases(context);
      socialConcurrencyCases(context);
    });
    describe('on an empty database', () => {
      lifecycleCases(contextOn(dialect, () => dialect.createTarget()));
    });
  });
}

/** A context whose every test gets a target from `createTarget`, opened, and disposed after. */
function contextOn(dialect: DialectUnderTest, createTarget: () => Promise<StoreTarget>): SuiteContext {
  let target: StoreTarget | undefined;
  let opened: OpenedStore | undefined;
  beforeEach(async () => {
    target = await createTarget();
    opened = await target.open();
  });
  afterEach(async () => {
    await target?.dispose();
    target = undefined;
    opened = undefined;
  });
  return {
    get target() {
      return target!;
    },
    get opened() {
      return opened!;
    },
    get store() {
      return opened!.store;
    },
    async stores() {
      return dialect.sharedOpen ? [opened!.store, (await target!.open()).store] : [opened!.store];
    },
    dialect,
  };
}
