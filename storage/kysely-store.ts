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
import { figureCompactor } from './league/compact-figures.ts';
import { leagueStore } from './league/store.ts';
import { rulesStore } from './rules/store.ts';
import type { DialectFamily } from './shared/family.ts';
import { socialStore } from './social/store.ts';

/**
 * A `Store` on a migrated database; `close()` destroys the Kysely instance (and so its client).
 * With `notices` (PostgreSQL), it tells the event streams of other instances' writes.
 */
export function createKyselyStore(db: Kysely<Database>, family: DialectFamily, notices?: EventNotices): Store {
  let closing: Promise<void> | undefined;
  const compactor = figureCompactor(db, family);
  return {
    ...agentStore(db, compactor),
    ...leagueStore(db, family, compactor),
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
      closing ??= compactor.close().then(() => db.destroy());
      return closing;
    },
  };
}
