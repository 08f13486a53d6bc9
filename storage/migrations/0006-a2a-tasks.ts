/**
 * Migration 0006: kept A2A tasks. `message:send` keeps the task it answers with, so
 * `GET /a2a/v1/tasks/{id}` finds it until it expires; expired tasks are purged.
 */
import type { Kysely } from 'kysely';
import { A2A_TASKS_DOWN, a2aTasksUp } from '../a2a/0006-tables.ts';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from '../shared/migration-sql.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, a2aTasksUp(family));
}

export async function down(db: Kysely<any>): Promise<void> {
  await runEach(db, A2A_TASKS_DOWN);
}
