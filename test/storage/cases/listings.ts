/** listAttempts: newest first, every filter, keyset pages without gaps or repeats, foreign cursors. */
import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../core/store/errors.ts';
import type { AttemptRecord, ListedAttempt } from '../../../core/league/records.ts';
import type { SuiteContext } from '../store-suite.ts';
import { allPages } from '../expected.ts';
import { at, DAY_1, DAY_2, newAgent, newAttempt } from '../../support/fixtures/store-records.ts';

/** What a listing holds of an attempt: all but its result. */
const listed = ({ result: _, ...attempt }: AttemptRecord): ListedAttempt => attempt;
const newestFirst = (a: AttemptRecord, b: AttemptRecord) => (a.createdAt !== b.createdAt ? (a.createdAt > b.createdAt ? -1 : 1) : a.id > b.id ? -1 : a.id < b.id ? 1 : 0);

export function listingCases(context: SuiteContext): void {
  describe('listAttempts', () => {
    /** Three agents over two days; several attempts share a time, with ids whose order depends on case. */
    async function script() {
      const agents = [newAgent(), newAgent(), newAgent()];
      for (const agent of agents) await context.store.registerAgent(agent);
      const retained: AttemptRecord[] = [];
      const keep = async (attempt: ReturnType<typeof newAttempt>) => {
        const result = await context.store.retainAttempt(attempt, 10);
        if (!('attempt' in result)) throw new Error('expected the attempt to be retained');
        retained.push(result.attempt);
      };
      const shared = at(5000);
      const tiedIds = ['att_Zed', 'att_alpha', 'att_Beta', 'att_123', 'att_beta'];
      for (const [index, id] of tiedIds.entries()) await keep(newAttempt(agents[index % 3]!, { id, createdAt: shared, date: index % 2 ? DAY_1 : DAY_2 }));
      for (let index = 0; index < 14; index++) {
        const agent = agents[index % 3]!;
        await keep(newAttempt(agent, { date: index % 4 === 0 ? DAY_2 : DAY_1, createdAt: at(4000 + ((index * 7) % 11) * 60) }));
      }
      return { agents, retained };
    }

    it('lists newest first for every filter, across pages of every size, with no gap or repeat', async () => {
      const { agents, retained } = await script();
      const filters = [{}, { date: DAY_1 }, { date: DAY_2 }, { agentId: agents[0]!.id }, { agentId: agents[2]!.id, date: DAY_1 }];
      for (const filter of filters) {
        const expected = retained
          .filter((attempt) => (filter.date === undefined || attempt.date === filter.date) && (filter.agentId === undefined || attempt.agentId === filter.agentId))
          .sort(newestFirst);
        expect(expected.length).toBeGreaterThan(2);
        for (const limit of [1, 2, 3, expected.length, expected.length + 5]) {
          const { items, pages } = await allPages(limit, (after) => context.store.listAttempts(filter, { limit, after }));
          expect(items.map((attempt) => attempt.id)).toEqual(expected.map((attempt) => attempt.id));
          expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
        }
        const { items } = await context.store.listAttempts(filter, { limit: 100 });
        expect(items).toEqual(expected.map(listed));
      }
    });

    it('reads no result: it lists the same attempts when every stored result is text no JSON parser reads', async () => {
      const { retained } = await script();
      await context.opened.db.updateTable('attempts').set({ result: 'not JSON' }).execute();
      const { items } = await context.store.listAttempts({}, { limit: 100 });
      expect(items).toEqual([...retained].sort(newestFirst).map(listed));
      for (const item of items) expect(item).not.toHaveProperty('result');
    });

    it('lists nothing for a day or an agent without attempts', async () => {
      await script();
      expect(await context.store.listAttempts({ date: '1999-01-01' }, { limit: 5 })).toEqual({ items: [], next: null });
      expect(await context.store.listAttempts({ agentId: 'agt_missing' }, { limit: 5 })).toEqual({ items: [], next: null });
    });

    it('throws InvalidCursorError for a cursor it did not issue for this listing', async () => {
      const { agents } = await script();
      const { next } = await context.store.listAttempts({ date: DAY_1 }, { limit: 2 });
      expect(next).not.toBeNull();
      const foreign = [
        '',
        'not a cursor!',
        'eyJ2IjoxfQ', // {"v":1}
        btoa(JSON.stringify({ v: 1, l: 'attempts:[null,null]', k: [1, 2], r: 1 })).replace(/=+$/, ''),
        next!.slice(0, -3),
      ];
      for (const after of foreign) await expect(context.store.listAttempts({ date: DAY_1 }, { limit: 2, after })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listAttempts({ date: DAY_2 }, { limit: 2, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listAttempts({}, { limit: 2, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listAttempts({ date: DAY_1, agentId: agents[0]!.id }, { limit: 2, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.dailyStandings(DAY_1, { limit: 2, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.seasonStandings({ limit: 2, after: next! })).rejects.toThrow(InvalidCursorError);
      // The cursor still works where it was issued.
      expect((await context.store.listAttempts({ date: DAY_1 }, { limit: 2, after: next! })).items).toHaveLength(2);
    });
  });
}
