/** No A2A task is kept: migration 0009 deletes those kept before it, and the table takes no new row (an older instance's insert). */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';
import { migrationsFrom } from './migration-names.ts';

const T0 = Date.UTC(2031, 2, 1);
const WEEK = 7 * 24 * 3_600_000;

export function a2aKeepsNothingCases(context: SuiteContext): void {
  describe('A2A tasks', () => {
    const task = (id: string) => ({
      id,
      task: JSON.stringify({ id, artifacts: [{ parts: [{ data: { apiKey: `arena_${'k'.repeat(43)}` } }] }] }),
      created_at: T0,
      expires_at: T0 + WEEK,
    });
    const rows = () => context.opened.db.selectFrom('a2a_tasks').select('id').execute();

    it('deletes the tasks kept before migration 0009', async () => {
      const since = migrationsFrom('0009-a2a-keeps-nothing');
      const undone: string[] = [];
      for (let i = 0; i < since.length; i++) undone.push(...(await context.opened.migrateDown()));
      expect(undone).toEqual([...since].reverse());
      await context.opened.db.insertInto('a2a_tasks').values(task('6f1c2b7e-0000-4000-8000-000000000001')).execute();
      expect(await rows()).toHaveLength(1);
      expect(await context.opened.migrate()).toEqual(since);
      expect(await rows()).toEqual([]);
    });

    it('drops an insert, as an instance of the previous release makes one, without failing it', async () => {
      await context.opened.db.insertInto('a2a_tasks').values(task('6f1c2b7e-0000-4000-8000-000000000002')).execute();
      await context.opened.db
        .insertInto('a2a_tasks')
        .values([task('6f1c2b7e-0000-4000-8000-000000000003'), task('6f1c2b7e-0000-4000-8000-000000000004')])
        .execute();
      expect(await rows()).toEqual([]);
    });
  });
}
