/**
 * The atomic writes under concurrency: many calls at once, spread over two clients of the same
 * database where the target has them (two pools on PostgreSQL: real concurrent transactions).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COMPACTIONS, PENDING_TOTALS } from '../../../storage/pending-figures.ts';
import { compact } from '../../../storage/shared/compactor.ts';
import type { AgentRecord } from '../../../core/agents/records.ts';
import type { AttemptRecord, NewAttempt } from '../../../core/league/records.ts';
import type { Store } from '../../../core/store/store.ts';
import type { SuiteContext } from '../store-suite.ts';
import { DAY_1, DAY_2, DAY_3, digestOf, newAgent, newAttempt, recordOf } from '../../support/fixtures/store-records.ts';
import { seededRandom } from '../../support/fixtures/seeded-random.ts';
import { expectFigures } from './figures.ts';

/** Runs `count` calls at once, the i-th on `stores[i % stores.length]`. */
export function all<T>(stores: Store[], count: number, call: (store: Store, index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => call(stores[index % stores.length]!, index)));
}

/** Runs every compaction twice at once, through two connections, and checks that no share is left pending. */
export async function compactTwiceAtOnce(context: SuiteContext): Promise<void> {
  await Promise.all([compact(context.opened.db, context.dialect.family, COMPACTIONS), compact(context.opened.db, context.dialect.family, COMPACTIONS)]);
  for (const table of ['day_counts_pending', ...PENDING_TOTALS.map((totals) => `${totals.table}_pending`)]) {
    const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(context.opened.db);
    expect(Number(rows[0]!.n)).toBe(0);
  }
}

export function concurrencyCases(context: SuiteContext): void {
  describe('concurrency', () => {
    it('creates one agent for 20 concurrent registrations with one key digest', async () => {
      const stores = await context.stores();
      const digest = digestOf(`shared-${Math.random()}`);
      const results = await all(stores, 20, (store) => store.registerAgent(newAgent({ keyDigest: digest })));
      const agents = results.map((result) => ('agent' in result ? result : null));
      expect(agents.every((result) => result !== null)).toBe(true);
      expect(agents.filter((result) => result!.created)).toHaveLength(1);
      expect(new Set(agents.map((result) => result!.agent.id)).size).toBe(1);
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 0, attempts: 0 });
    });

    it('gives a handle to one of 20 concurrent registrations and refuses the others', async () => {
      const stores = await context.stores();
      const results = await all(stores, 20, (store) => store.registerAgent(newAgent({ handle: 'popular-name' })));
      expect(results.filter((result) => 'agent' in result && result.created)).toHaveLength(1);
      expect(results.filter((result) => 'conflict' in result)).toHaveLength(19);
      expect((await context.store.totals()).agents).toBe(1);
    });

    it('retains exactly 10 of 30 concurrent attempts by one agent on one day, numbered 1 to 10', async () => {
      const stores = await context.stores();
      const agent = newAgent();
      await context.store.registerAgent(agent);
      const results = await all(stores, 30, (store) => store.retainAttempt(newAttempt(agent, { date: DAY_1 }), 10));
      const retained = results.flatMap((result) => ('attempt' in result ? [result.attempt] : []));
      expect(retained.map((attempt) => attempt.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(results.filter((result) => 'limitReached' in result)).toHaveLength(20);
      expect((await context.store.listAttempts({ agentId: agent.id }, { limit: 100 })).items).toHaveLength(10);
      expect(await context.store.dayCounts(DAY_1)).toMatchObject({ fieldSize: 1, attemptCount: 10 });
      expect((await context.store.dailyStandings(DAY_1, { limit: 5 })).rows[0]!.attempts).toBe(10);
      expect((await context.store.totals()).attempts).toBe(10);
    });

    it('retains one join attempt of 20 concurrent joins, and returns it to all of them', async () => {
      const stores = await context.stores();
      const agent = newAgent();
      await context.store.registerAgent(agent);
      const results = await all(stores, 20, (store, index) => store.retainJoinAttempt(newAttempt(agent, { kind: 'join', date: index % 2 ? DAY_1 : DAY_2 }), 10));
      const ids = new Set(results.map((result) => ('attempt' in result ? result.attempt.id : 'limit')));
      expect(ids.size).toBe(1);
      expect(ids.has('limit')).toBe(false);
      expect((await context.store.listAttempts({ agentId: agent.id }, { limit: 100 })).items).toHaveLength(1);
      expect((await context.store.totals()).attempts).toBe(1);
    });

    it('lets one of 10 concurrent claims of one Idempotency-Key run', async () => {
      const stores = await context.stores();
      const claims = await all(stores, 10, (store, index) =>
        store.claimIdempotencyKey({ keyDigest: 'e'.repeat(64), fingerprint: 'f', now: 1_000 + index, staleAfterMs: 60_000, keepForMs: 86_400_000 }),
      );
      expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
      expect(claims.filter((claim) => claim.state === 'in-flight')).toHaveLength(9);
    });

    it('keeps every figure exact under concurrent attempts by many agents over several days', async () => {
      const stores = await context.stores();
      const next = seededRandom(7);
      const agents = new Map<string, AgentRecord>();
      const field = Array.from({ length: 6 }, () => newAgent());
      await Promise.all(field.map((agent, index) => stores[index % stores.length]!.registerAgent(agent)));
      for (const agent of field) agents.set(agent.id, recordOf(agent));
      // An agent that never plays: counted among the agents, never among the entrants.
      const idle = newAgent();
      await context.store.registerAgent(idle);
      agents.set(idle.id, recordOf(idle));
      const planned: NewAttempt[] = [];
      for (const agent of field) {
        for (const date of [DAY_1, DAY_2, DAY_3]) {
          // One agent and day goes over the cap.
          const count = agent === field[0] && date === DAY_2 ? 14 : 2 + Math.floor(next() * 7);
          for (let index = 0; index < count; index++) planned.push(newAttempt(agent, { date, score: Math.floor(next() * 30), reachedExit: next() < 0.4 }));
        }
      }
      const results = await all(stores, planned.length, (store, index) => store.retainAttempt(planned[index]!, 10));
      const retained: AttemptRecord[] = results.flatMap((result) => ('attempt' in result ? [result.attempt] : []));
      expect(results.filter((result) => 'limitReached' in result)).toHaveLength(4);
      await expectFigures(context.store, agents, retained);
      // Two compactions at once (PostgreSQL's pending shares; nothing to move on SQLite) count no share twice.
      await compactTwiceAtOnce(context);
      await expectFigures(context.store, agents, retained);
    });
  });
}
