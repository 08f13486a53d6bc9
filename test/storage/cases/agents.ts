/** Agents: creation, the idempotent re-registration by key digest, and handles. */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';
import { newAgent, recordOf } from '../fixtures.ts';

export function agentCases(context: SuiteContext): void {
  describe('agents', () => {
    it('creates an agent and finds it by id and by key digest, without the digest', async () => {
      const agent = newAgent({ model: 'example-1', sentBy: 'a tester', displayName: 'Zoë’s bot ✓' });
      const registered = await context.store.registerAgent(agent);
      expect(registered).toEqual({ agent: recordOf(agent), created: true });
      expect(await context.store.agentById(agent.id)).toEqual(recordOf(agent));
      expect(await context.store.agentByKeyDigest(agent.keyDigest)).toEqual(recordOf(agent));
      expect(await context.store.agentById('agt_missing')).toBeNull();
      expect(await context.store.agentByHandle(agent.handle)).toEqual(recordOf(agent));
      expect(await context.store.agentByHandle('no-such-handle')).toBeNull();
      expect(await context.store.agentByKeyDigest('0'.repeat(64))).toBeNull();
    });

    it('returns the existing agent for a known key digest, whatever the other fields say', async () => {
      const first = newAgent();
      await context.store.registerAgent(first);
      const again = await context.store.registerAgent(newAgent({ keyDigest: first.keyDigest }));
      expect(again).toEqual({ agent: recordOf(first), created: false });
      // Even when the handle it asks for belongs to someone else.
      const other = newAgent();
      await context.store.registerAgent(other);
      expect(await context.store.registerAgent(newAgent({ keyDigest: first.keyDigest, handle: other.handle }))).toEqual({ agent: recordOf(first), created: false });
      expect(await context.store.totals()).toEqual({ agents: 2, entrants: 0, attempts: 0 });
    });

    it('refuses a handle another agent holds', async () => {
      const holder = newAgent();
      await context.store.registerAgent(holder);
      const taker = newAgent({ handle: holder.handle });
      expect(await context.store.registerAgent(taker)).toEqual({ conflict: 'handle-taken' });
      expect(await context.store.agentById(taker.id)).toBeNull();
      expect(await context.store.agentByKeyDigest(taker.keyDigest)).toBeNull();
      expect((await context.store.totals()).agents).toBe(1);
    });
  });
}
