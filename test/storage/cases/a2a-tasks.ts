/** Kept A2A tasks: found by id until they expire, refused a second time under one id, purged once expired. */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';

const T0 = Date.UTC(2031, 2, 1);
const WEEK = 7 * 24 * 3_600_000;

export function a2aTaskCases(context: SuiteContext): void {
  describe('kept A2A tasks', () => {
    const task = (id: string) => ({ id, task: JSON.stringify({ id, status: { state: 'TASK_STATE_COMPLETED' } }), createdAt: T0, expiresAt: T0 + WEEK });

    it('finds a task by its id until it expires', async () => {
      const kept = task('6f1c2b7e-0000-4000-8000-000000000001');
      await context.store.keepTask(kept);
      expect(await context.store.findTask(kept.id, T0)).toBe(kept.task);
      expect(await context.store.findTask(kept.id, T0 + WEEK - 1)).toBe(kept.task);
      expect(await context.store.findTask(kept.id, T0 + WEEK)).toBeUndefined();
      expect(await context.store.findTask('6f1c2b7e-0000-4000-8000-00000000ffff', T0)).toBeUndefined();
    });

    it('never keeps two tasks under one id', async () => {
      const kept = task('6f1c2b7e-0000-4000-8000-000000000002');
      await context.store.keepTask(kept);
      await expect(context.store.keepTask({ ...kept, task: '{}' })).rejects.toThrow();
      expect(await context.store.findTask(kept.id, T0)).toBe(kept.task);
    });

    it('purges the tasks that expired before the purge, and only those', async () => {
      const early = task('6f1c2b7e-0000-4000-8000-000000000003');
      const later = { ...task('6f1c2b7e-0000-4000-8000-000000000004'), expiresAt: T0 + 2 * WEEK };
      await context.store.keepTask(early);
      await context.store.keepTask(later);
      await context.store.purgeTasks(T0 + WEEK + 1);
      const rows = await context.opened.db.selectFrom('a2a_tasks').select('id').where('id', 'in', [early.id, later.id]).execute();
      expect(rows.map((row) => row.id)).toEqual([later.id]);
    });
  });
}
