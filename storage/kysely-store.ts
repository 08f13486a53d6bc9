/**
 * The core's `Store` over Kysely, the same code on every dialect: each surface's part, from its
 * folder (agents, league, social, rules, arrival, events, health; http for idempotency records and rate limits).
 */
import type { Kysely } from 'kysely';
import type { Store } from '../core/store/store.ts';
import { agentStore } from './agents/store.ts';
import { arrivalStore } from './arrival/store.ts';
import type { Database } from './database.ts';
import type { EventNotices } from './events/notices.ts';
import { eventStore } from './events/store.ts';
import { healthStore } from './health/store.ts';
import { idempotencyStore } from './http/idempotency.ts';
import { rateLimitStore } from './http/rate-limits.ts';
import { leagueStore } from './league/store.ts';
import { rulesStore } from './rules/store.ts';
import type { DialectFamily } from './shared/family.ts';
import { socialStore } from './social/store.ts';
import { compactor } from './shared/compactor.ts';
import { COMPACTIONS } from './pending-figures.ts';
import { eventAnnouncer } from './events/announcer.ts';

export interface StoreOptions {
  /**
   * Whether to compact pending shares a second after opening (PostgreSQL; default true). Off
   * only for a store inside one transaction that a test holds open, which must not lock the
   * kept rows of its own accord.
   */
  compactOnOpen?: boolean;
}

/**
 * A `Store` on a migrated database; `close()` destroys the Kysely instance (and so its client).
 * With `notices` (PostgreSQL), it tells the event streams of other instances' writes. On
 * PostgreSQL, after its writes (and once it opens) it also compacts pending shares, and
 * notifies the others of its writes.
 */
export function createKyselyStore(db: Kysely<Database>, family: DialectFamily, notices?: EventNotices, options: StoreOptions = {}): Store {
  let closing: Promise<void> | undefined;
  const compactions = compactor(db, family, COMPACTIONS);
  const announcer = family === 'postgres' ? eventAnnouncer(db) : undefined;
  const store: Store = {
    ...agentStore(db),
    ...leagueStore(db, family),
    ...socialStore(db),
    ...rulesStore(db, family),
    ...arrivalStore(db),
    ...idempotencyStore(db),
    ...rateLimitStore(db),
    ...eventStore(db, family, notices),
    ...healthStore(db, family),
    close() {
      // Its listening connection goes back first: the pool ends only once every client is back.
      notices?.close();
      closing ??= Promise.all([compactions.close(), announcer?.close()]).then(() => db.destroy());
      return closing;
    },
  };
  afterEach(store, WRITES_WITH_SHARES, () => compactions.written());
  // Shares an instance left pending when it died before compacting (or a bulk load's) would
  // make every read sum them until the next write anywhere: an instance compacts once it opens.
  if (options.compactOnOpen !== false) compactions.written();
  if (announcer) afterEach(store, WRITES_WITH_EVENTS, () => announcer.written());
  return store;
}

/** Calls `then` after each call of the named methods that resolves. */
function afterEach(store: Store, methods: readonly (keyof Store)[], then: () => void): void {
  for (const method of methods) {
    const unwrapped = store[method] as (...args: unknown[]) => Promise<unknown>;
    (store[method] as typeof unwrapped) = async (...args) => {
      const result = await unwrapped(...args);
      then();
      return result;
    };
  }
}

/**
 * The writes whose triggers add pending shares on PostgreSQL (pending-figures.ts): after each,
 * the instance compacts a while later.
 */
const WRITES_WITH_SHARES = [
  'registerAgent',
  'retainAttempt',
  'retainJoinAttempt',
  'joinClubhouse',
  'createTopic',
  'addReply',
  'createProposal',
  'addReview',
  'transitionProposal',
  'recordArrival',
] as const satisfies readonly (keyof Store)[];

/** The writes whose triggers add events (events/0008-triggers.ts): after each, the other instances are told. */
const WRITES_WITH_EVENTS = [
  'retainAttempt',
  'retainJoinAttempt',
  'createTopic',
  'addReply',
  'createProposal',
  'addRevision',
  'addReview',
  'transitionProposal',
  'recordArrival',
] as const satisfies readonly (keyof Store)[];
