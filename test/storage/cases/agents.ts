/** Agents: creation, the idempotent re-registration by registration digest, handles, and the key's rotations and revocation. */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';
import { at, digestOf, newAgent, recordOf, registeredOf } from '../../support/fixtures/store-records.ts';

export function agentCases(context: SuiteContext): void {
  describe('agents', () => {
    it('creates an agent and finds it by id and by key digest, without the digest', async () => {
      const agent = newAgent({ model: 'example-1', sentBy: 'a tester', displayName: 'Zoë’s bot ✓' });
      const registered = await context.store.registerAgent(agent);
      expect(registered).toEqual(registeredOf(agent, true));
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
      expect(again).toEqual(registeredOf(first, false));
      // Even when the handle it asks for belongs to someone else.
      const other = newAgent();
      await context.store.registerAgent(other);
      expect(await context.store.registerAgent(newAgent({ keyDigest: first.keyDigest, handle: other.handle }))).toEqual(registeredOf(first, false));
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

  describe('arena keys', () => {
    const MAX = 1000;
    const rotation = (agentId: string, from: { keyDigest: string } | { generation: number }, seed: string, when = at(500)) => ({
      agentId,
      from,
      to: { keyDigest: digestOf(seed), createdAt: when },
      requestDigest: digestOf(`request-${seed}`),
    });

    it('rotates by the current key: the old digest finds no one, the new one the same agent, and the registration still finds it', async () => {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      const state = await context.store.changeKey(rotation(agent.id, { keyDigest: agent.keyDigest }, 'second'), MAX);
      expect(state).toEqual({ generation: 1, createdAt: at(500), revokedAt: null });
      expect(await context.store.agentByKeyDigest(agent.keyDigest)).toBeNull();
      expect(await context.store.agentByKeyDigest(digestOf('second'))).toEqual(recordOf(agent));
      expect(await context.store.agentByRegistration(agent.keyDigest)).toEqual({ agent: recordOf(agent), key: { ...state, changedBy: digestOf('request-second') } });
      // The old key changes nothing any more; registering again finds the agent with its key as it is now.
      expect(await context.store.changeKey(rotation(agent.id, { keyDigest: agent.keyDigest }, 'third'), MAX)).toBeNull();
      expect(await context.store.registerAgent(newAgent({ keyDigest: agent.keyDigest }))).toEqual({ agent: recordOf(agent), created: false, key: state });
      expect((await context.store.totals()).agents).toBe(1);
    });

    it('lets one of two changes from the same generation win, from two clients at once', async () => {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      const [one, two] = await context.stores();
      const results = await Promise.all([
        one!.changeKey(rotation(agent.id, { generation: 0 }, 'left'), MAX),
        (two ?? one!).changeKey(rotation(agent.id, { generation: 0 }, 'right'), MAX),
      ]);
      expect(results.filter((result) => result !== null)).toEqual([{ generation: 1, createdAt: at(500), revokedAt: null }]);
      const winner = results[0] ? 'left' : 'right';
      expect(await context.store.agentByKeyDigest(digestOf(winner))).toEqual(recordOf(agent));
      expect(await context.store.agentByKeyDigest(digestOf(winner === 'left' ? 'right' : 'left'))).toBeNull();
    });

    it('revokes: no digest finds the agent, a second revocation changes nothing, and a rotation by generation makes a good key again', async () => {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      const revocation = { agentId: agent.id, from: { keyDigest: agent.keyDigest }, to: { revokedAt: at(600) }, requestDigest: digestOf('revoke') };
      expect(await context.store.changeKey(revocation, MAX)).toEqual({ generation: 0, createdAt: agent.createdAt, revokedAt: at(600) });
      expect(await context.store.agentByKeyDigest(agent.keyDigest)).toBeNull();
      expect(await context.store.changeKey({ ...revocation, from: { generation: 0 } }, MAX)).toBeNull();
      expect(await context.store.keyStateOf(agent.id)).toEqual({ generation: 0, createdAt: agent.createdAt, revokedAt: at(600), changedBy: digestOf('revoke') });
      expect(await context.store.changeKey(rotation(agent.id, { generation: 0 }, 'fresh', at(700)), MAX)).toEqual({ generation: 1, createdAt: at(700), revokedAt: null });
      expect(await context.store.agentByKeyDigest(digestOf('fresh'))).toEqual(recordOf(agent));
    });

    it('rotates no further than the most generations allowed', async () => {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      expect(await context.store.changeKey(rotation(agent.id, { generation: 0 }, 'one'), 1)).toMatchObject({ generation: 1 });
      expect(await context.store.changeKey(rotation(agent.id, { generation: 1 }, 'two'), 1)).toBeNull();
      expect(await context.store.agentByKeyDigest(digestOf('one'))).toEqual(recordOf(agent));
    });
  });
}
