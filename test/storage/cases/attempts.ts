/** Attempts: numbering, the daily cap, days apart, the one join attempt, exact round trips. */
import { describe, expect, it } from 'vitest';
import type { NewAttempt } from '../../../core/league/records.ts';
import type { SuiteContext } from '../store-suite.ts';
import { DAY_1, DAY_2, newAgent, newAttempt, retainedOf } from '../../support/fixtures/store-records.ts';

export function attemptCases(context: SuiteContext): void {
  describe('attempts', () => {
    async function registered() {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      return agent;
    }

    it('numbers an agent’s attempts of a day 1 to 10, then says the limit is reached', async () => {
      const agent = await registered();
      const sent: NewAttempt[] = [];
      for (let index = 0; index < 10; index++) {
        const attempt = newAttempt(agent, { reachedExit: index % 3 === 0 });
        sent.push(attempt);
        expect(await context.store.retainAttempt(attempt, 10)).toEqual({ attempt: retainedOf(attempt, index + 1) });
      }
      const eleventh = newAttempt(agent);
      expect(await context.store.retainAttempt(eleventh, 10)).toEqual({ limitReached: true });
      expect(await context.store.attemptById(eleventh.id)).toBeNull();
      for (const [index, attempt] of sent.entries()) expect(await context.store.attemptById(attempt.id)).toEqual(retainedOf(attempt, index + 1));
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 10 });
    });

    it('reads the attempts of many ids at once, those that exist, each as read alone', async () => {
      const agent = await registered();
      const sent = [newAttempt(agent), newAttempt(agent), newAttempt(agent)];
      for (const attempt of sent) await context.store.retainAttempt(attempt, 10);
      const ids = [sent[2]!.id, 'att_not_there', sent[0]!.id, sent[2]!.id];
      const read = await context.store.attemptsById(ids);
      expect(read.map((attempt) => attempt.id).sort()).toEqual([sent[0]!.id, sent[2]!.id].sort());
      for (const attempt of read) expect(attempt).toEqual(await context.store.attemptById(attempt.id));
      expect(await context.store.attemptsById([])).toEqual([]);
    });

    it('honours a smaller limit', async () => {
      const agent = await registered();
      const results = [];
      for (let index = 0; index < 5; index++) results.push(await context.store.retainAttempt(newAttempt(agent), 3));
      expect(results.map((result) => ('attempt' in result ? result.attempt.number : 'limit'))).toEqual([1, 2, 3, 'limit', 'limit']);
    });

    it('refuses a limit the schema cannot hold', async () => {
      const agent = await registered();
      await expect(context.store.retainAttempt(newAttempt(agent), 11)).rejects.toThrow(RangeError);
      await expect(context.store.retainAttempt(newAttempt(agent), 0)).rejects.toThrow(RangeError);
    });

    it('counts each day and each agent apart', async () => {
      const [one, two] = [await registered(), await registered()];
      for (let index = 0; index < 10; index++) await context.store.retainAttempt(newAttempt(one, { date: DAY_1 }), 10);
      expect(await context.store.retainAttempt(newAttempt(one, { date: DAY_1 }), 10)).toEqual({ limitReached: true });
      const nextDay = newAttempt(one, { date: DAY_2 });
      expect(await context.store.retainAttempt(nextDay, 10)).toEqual({ attempt: retainedOf(nextDay, 1) });
      const otherAgent = newAttempt(two, { date: DAY_1 });
      expect(await context.store.retainAttempt(otherAgent, 10)).toEqual({ attempt: retainedOf(otherAgent, 1) });
    });

    it('retains one join attempt per agent, ever, and returns it to every later join', async () => {
      const agent = await registered();
      const join = newAttempt(agent, { kind: 'join', reachedExit: true, date: DAY_1 });
      expect(await context.store.retainJoinAttempt(join, 10)).toEqual({ attempt: retainedOf(join, 1) });
      const sameDay = newAttempt(agent, { kind: 'join', date: DAY_1 });
      expect(await context.store.retainJoinAttempt(sameDay, 10)).toEqual({ attempt: retainedOf(join, 1) });
      const laterDay = newAttempt(agent, { kind: 'join', date: DAY_2 });
      expect(await context.store.retainJoinAttempt(laterDay, 10)).toEqual({ attempt: retainedOf(join, 1) });
      expect(await context.store.attemptById(sameDay.id)).toBeNull();
      expect(await context.store.attemptById(laterDay.id)).toBeNull();
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 1 });
    });

    it('counts the join attempt within the day’s cap', async () => {
      const agent = await registered();
      const join = newAttempt(agent, { kind: 'join', reachedExit: true });
      await context.store.retainJoinAttempt(join, 10);
      const numbers = [];
      for (let index = 0; index < 10; index++) {
        const result = await context.store.retainAttempt(newAttempt(agent), 10);
        numbers.push('attempt' in result ? result.attempt.number : 'limit');
      }
      expect(numbers).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 'limit']);
      // With the cap reached, a join still answers with the join attempt the agent has.
      expect(await context.store.retainJoinAttempt(newAttempt(agent, { kind: 'join' }), 10)).toEqual({ attempt: retainedOf(join, 1) });
    });

    it('says the limit is reached for a first join on a day already full', async () => {
      const agent = await registered();
      for (let index = 0; index < 10; index++) await context.store.retainAttempt(newAttempt(agent), 10);
      expect(await context.store.retainJoinAttempt(newAttempt(agent, { kind: 'join' }), 10)).toEqual({ limitReached: true });
      const nextDay = newAttempt(agent, { kind: 'join', date: DAY_2 });
      expect(await context.store.retainJoinAttempt(nextDay, 10)).toEqual({ attempt: retainedOf(nextDay, 1) });
    });

    it('keeps the result and the declaration exactly, JSON byte for byte', async () => {
      const agent = await registered();
      const result = {
        zeta: 1,
        alpha: [0.1, -2.5e-7, 1e21, 9007199254740991, -0, true, false, null],
        text: 'émoji 🧪, quotes " \\ and a lone surrogate \ud800, control \u0001, NUL \u0000',
        nested: { b: { a: [] }, a: {}, '': 'empty key' },
        replay: Array.from({ length: 200 }, (_, step) => ({ step, action: 'URDL'[step % 4], score: step * 3 })),
      };
      const declaration = { handle: agent.handle, displayName: 'Ünïcode “name”', model: 'm-1', sentBy: null };
      const attempt = newAttempt(agent, { result, declaration, benchmark: null });
      await context.store.retainAttempt(attempt, 10);
      const stored = await context.store.attemptById(attempt.id);
      expect(JSON.stringify(stored!.result)).toBe(JSON.stringify(result));
      expect(JSON.stringify(stored!.declaration)).toBe(JSON.stringify(declaration));
      expect(stored).toEqual(retainedOf({ ...attempt, result: JSON.parse(JSON.stringify(result)) }, 1));
      expect(typeof stored!.score).toBe('number');
      expect(typeof stored!.reachedExit).toBe('boolean');
    });

    it('finds no attempt for an unknown id', async () => {
      expect(await context.store.attemptById('att_missing')).toBeNull();
    });
  });
}
