/**
 * The core's `Store` over Kysely, the same code on every dialect. No transactions (D1 has none):
 * every write that must be atomic is one statement guarded by a constraint, and the figures the
 * league shows are kept by triggers inside those statements (see migrations/0001-league-triggers.ts).
 * The Clubhouse, the Rules Desk and the Arrival Hall follow the same rules in files of their own
 * (clubhouse.ts, rules-desk.ts, arrivals.ts; triggers in migrations/0002-social-triggers.ts).
 */
import type { Kysely } from 'kysely';
import type { NewAgent } from '../core/agents/records.ts';
import type { RequestKeyed } from '../core/store/request-keyed.ts';
import type { Store } from '../core/store/store.ts';
import { arrivalStore } from './arrival/store.ts';
import { socialStore } from './social/store.ts';
import type { Database } from './database.ts';
import type { DialectFamily } from './shared/family.ts';
import { claimIdempotencyKey, completeIdempotencyKey, purgeIdempotencyKeys, releaseIdempotencyKey } from './http/idempotency.ts';
import { dailyStandings, listAttempts, seasonStandings } from './league/listings.ts';
import { retainAttempt } from './league/retain-attempt.ts';
import { toAgent } from './agents/rows.ts';
import { toAttempt } from './league/rows.ts';
import { asNumber } from './shared/columns.ts';
import { rateLimitStore } from './http/rate-limits.ts';
import { rulesStore } from './rules/store.ts';

/** A `Store` on a migrated database; `close()` destroys the Kysely instance (and so its client). */
export function createKyselyStore(db: Kysely<Database>, family: DialectFamily): Store {
  let closing: Promise<void> | undefined;
  const agentWhere = (column: 'id' | 'key_digest', value: string) => db.selectFrom('agents').selectAll().where(column, '=', value).executeTakeFirst();

  return {
    async registerAgent(agent: NewAgent & RequestKeyed) {
      // Does nothing on any conflict (key digest, handle, id, request); RETURNING says whether it inserted.
      const inserted = await db
        .insertInto('agents')
        .values({
          id: agent.id,
          handle: agent.handle,
          display_name: agent.displayName,
          model: agent.model,
          sent_by: agent.sentBy,
          key_digest: agent.keyDigest,
          created_at: agent.createdAt,
          request_digest: agent.requestDigest ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { agent: toAgent(inserted), created: true };
      const existing = await agentWhere('key_digest', agent.keyDigest);
      // Created all the same when this very request created it (and its answer was lost).
      if (existing) return { agent: toAgent(existing), created: agent.requestDigest !== undefined && existing.request_digest === agent.requestDigest };
      const holder = await db.selectFrom('agents').select('id').where('handle', '=', agent.handle).executeTakeFirst();
      if (holder) return { conflict: 'handle-taken' as const };
      throw new Error(`agent id ${agent.id} is already taken by another agent`);
    },
    async agentByKeyDigest(keyDigest) {
      const row = await agentWhere('key_digest', keyDigest);
      return row ? toAgent(row) : null;
    },
    async agentById(id) {
      const row = await agentWhere('id', id);
      return row ? toAgent(row) : null;
    },

    retainAttempt: (attempt, limit) => retainAttempt(db, family, attempt, limit, false),
    retainJoinAttempt: (attempt, limit) => retainAttempt(db, family, attempt, limit, true),
    async attemptById(id) {
      const row = await db.selectFrom('attempts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toAttempt(row) : null;
    },
    listAttempts: (filter, page) => listAttempts(db, filter, page),

    async dayCounts(date) {
      const row = await db.selectFrom('day_counts').selectAll().where('date', '=', date).executeTakeFirst();
      return {
        date,
        fieldSize: row ? asNumber(row.field_size) : 0,
        finisherCount: row ? asNumber(row.finisher_count) : 0,
        attemptCount: row ? asNumber(row.attempt_count) : 0,
      };
    },
    dailyStandings: (date, page) => dailyStandings(db, date, page),
    seasonStandings: (page) => seasonStandings(db, page),
    async totals() {
      const row = await db
        .selectFrom('league_totals')
        .innerJoin('league_entrants', 'league_entrants.id', 'league_totals.id')
        .select(['league_totals.agents', 'league_totals.attempts', 'league_entrants.entrants'])
        .where('league_totals.id', '=', 1)
        .executeTakeFirstOrThrow();
      return { agents: asNumber(row.agents), entrants: asNumber(row.entrants), attempts: asNumber(row.attempts) };
    },

    claimIdempotencyKey: (claim) => claimIdempotencyKey(db, claim),
    completeIdempotencyKey: (claim, response, expiresAt) => completeIdempotencyKey(db, claim, response, expiresAt),
    releaseIdempotencyKey: (claim) => releaseIdempotencyKey(db, claim),
    purgeIdempotencyKeys: (now) => purgeIdempotencyKeys(db, now),

    ...socialStore(db),
    ...rulesStore(db, family),
    ...arrivalStore(db),
    ...rateLimitStore(db),

    close() {
      closing ??= db.destroy();
      return closing;
    },
  };
}
