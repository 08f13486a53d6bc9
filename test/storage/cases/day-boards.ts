/** Day boards and attempts that store no result (migration 0013): kept once, read back as stored. */
import { describe, expect, it } from 'vitest';
import { replayedResult } from '../../../core/league/replayed-result.ts';
import type { SuiteContext } from '../store-suite.ts';
import { DAY_1, DAY_2, newAgent, replayedAttempt, storedOf } from '../../support/fixtures/store-records.ts';

export function dayBoardCases(context: SuiteContext): void {
  describe('day boards', () => {
    it('keeps the first board of a day: a later one is not kept, and the kept one is what comes back', async () => {
      expect(await context.store.dayBoard(DAY_1)).toBeNull();
      expect(await context.store.keepDayBoard(DAY_1, '{"id":"first"}')).toBe('{"id":"first"}');
      expect(await context.store.keepDayBoard(DAY_1, '{"id":"second"}')).toBe('{"id":"first"}');
      expect(await context.store.keepDayBoard(DAY_2, '{"id":"next day"}')).toBe('{"id":"next day"}');
      expect(await context.store.dayBoard(DAY_1)).toBe('{"id":"first"}');
      expect(await Promise.all([DAY_1, DAY_2].map((day) => context.store.dayBoard(day)))).toEqual(['{"id":"first"}', '{"id":"next day"}']);
    });

    it('keeps one board when two keep a day’s board at once', async () => {
      const kept = await Promise.all(['{"id":"one"}', '{"id":"two"}'].map((board) => context.store.keepDayBoard(DAY_1, board)));
      expect(kept[0]).toBe(kept[1]);
      expect(await context.store.dayBoard(DAY_1)).toBe(kept[0]);
    });

    it('stores no result for an attempt played again, and reads it back with none; an export reads the rest as stored', async () => {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      const { attempt, board } = replayedAttempt(agent, DAY_1);
      await context.store.keepDayBoard(DAY_1, JSON.stringify(board));
      expect(await context.store.retainAttempt(attempt, 10)).toEqual({ attempt: { ...attempt, number: 1 } });
      const row = await context.opened.db.selectFrom('attempts').select(['result', 'receipt_token']).where('id', '=', attempt.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ result: '', receipt_token: attempt.receiptToken });
      const stored = await context.store.attemptById(attempt.id);
      expect(stored).toEqual(storedOf(attempt, 1));
      const [exported] = (await context.store.listStoredAttempts({ date: DAY_1 }, { limit: 10 })).items;
      expect(exported).toMatchObject({ id: attempt.id, resultJson: '', declarationJson: JSON.stringify(attempt.declaration) });
      // Played again on the kept board, it is the result the attempt was answered with.
      expect(replayedResult(stored!, JSON.parse((await context.store.dayBoard(DAY_1))!), '')).toEqual(attempt.result);
    });
  });
}
