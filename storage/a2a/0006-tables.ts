/** The statements of migration 0006 (see storage/migrations/0006-a2a-tasks.ts): kept A2A tasks. */
import type { DialectFamily } from '../shared/family.ts';

export function a2aTasksUp(family: DialectFamily): string[] {
  const millis = family === 'postgres' ? 'bigint' : 'integer';
  return [
    `CREATE TABLE IF NOT EXISTS a2a_tasks (
      id text PRIMARY KEY,
      task text NOT NULL,
      created_at ${millis} NOT NULL,
      expires_at ${millis} NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS a2a_tasks_expiry ON a2a_tasks (expires_at)`,
  ];
}

export const A2A_TASKS_DOWN = ['DROP TABLE IF EXISTS a2a_tasks'];
