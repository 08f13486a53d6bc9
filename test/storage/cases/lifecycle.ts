/** Migrations (twice, and from two clients at once) and a restart that finds every record. */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';
import { DAY_1, newAgent, newAttempt, recordOf, retainedOf } from '../fixtures.ts';

export function lifecycleCases(context: SuiteContext): void {
  describe('migrations and restarts', () => {
    it('runs the migrations once; running them again changes nothing', async () => {
      expect(context.opened.ran).toEqual(['0001-league']);
      const agent = newAgent();
      await context.store.registerAgent(agent);
      await context.store.retainAttempt(newAttempt(agent), 10);
      expect(await context.opened.migrate()).toEqual([]);
      expect(await context.opened.migrate()).toEqual([]);
      expect(await context.store.totals()).toEqual({ agents: 1, attempts: 1 });
      expect(await context.store.agentById(agent.id)).toEqual(recordOf(agent));
    });

    it.skipIf(!context.dialect.sharedOpen)('migrates once when two clients start on a new database at the same time', async () => {
      const fresh = await context.dialect.createTarget();
      try {
        const [one, two] = await Promise.all([fresh.open(), fresh.open()]);
        expect([...one.ran, ...two.ran]).toEqual(['0001-league']);
        const agent = newAgent();
        await one.store.registerAgent(agent);
        expect(await two.store.agentById(agent.id)).toEqual(recordOf(agent));
        expect(await two.store.totals()).toEqual({ agents: 1, attempts: 0 });
      } finally {
        await fresh.dispose();
      }
    });

    it('finds every record after the store is closed and opened again', async () => {
      const agent = newAgent();
      const attempt = newAttempt(agent, { date: DAY_1, reachedExit: true, score: 12 });
      await context.store.registerAgent(agent);
      await context.store.retainJoinAttempt({ ...attempt, kind: 'join' }, 10);
      await context.store.claimIdempotencyKey({ scope: 's', key: 'k', fingerprint: 'f', now: 1, staleAfterMs: 60_000, keepForMs: 86_400_000 });
      await context.store.completeIdempotencyKey({ scope: 's', key: 'k', claimedAt: 1 }, { status: 200, headers: {}, body: 'kept' }, 86_400_001);
      await context.store.close();
      await context.store.close(); // closing twice is harmless

      const reopened = await context.target.open();
      expect(reopened.ran).toEqual([]);
      const { store } = reopened;
      expect(await store.agentByKeyDigest(agent.keyDigest)).toEqual(recordOf(agent));
      expect(await store.attemptById(attempt.id)).toEqual(retainedOf({ ...attempt, kind: 'join' }, 1));
      expect(await store.dayCounts(DAY_1)).toEqual({ date: DAY_1, fieldSize: 1, finisherCount: 1, attemptCount: 1 });
      expect((await store.dailyStandings(DAY_1, { limit: 5 })).rows).toHaveLength(1);
      expect((await store.seasonStandings({ limit: 5 })).rows[0]).toMatchObject({ rank: 1, total: 12, days: 1 });
      expect(await store.totals()).toEqual({ agents: 1, attempts: 1 });
      expect(await store.claimIdempotencyKey({ scope: 's', key: 'k', fingerprint: 'f', now: 2, staleAfterMs: 60_000, keepForMs: 86_400_000 })).toEqual({
        state: 'completed',
        response: { status: 200, headers: {}, body: 'kept' },
      });
    });
  });
}
