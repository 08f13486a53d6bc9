/** Kept A2A tasks: written once under their random id, read until they expire, then purged. */
import type { Kysely } from 'kysely';
import type { A2aTaskStore } from '../../core/remote/a2a/task-store.ts';
import type { Database } from '../database.ts';

export function a2aTaskStore(db: Kysely<Database>): A2aTaskStore {
  return {
    async keepTask({ id, task, createdAt, expiresAt }) {
      await db.insertInto('a2a_tasks').values({ id, task, created_at: createdAt, expires_at: expiresAt }).execute();
    },
    async findTask(id, now) {
      const row = await db.selectFrom('a2a_tasks').select('task').where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
      return row?.task;
    },
    async purgeTasks(before) {
      await db.deleteFrom('a2a_tasks').where('expires_at', '<', before).execute();
    },
  };
}
