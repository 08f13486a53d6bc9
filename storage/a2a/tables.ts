/**
 * Migration 0006: a task the A2A interface answered with, until it expired. Since migration 0009
 * it is empty and takes no row (storage/a2a/0009-keep-nothing.ts).
 */
export interface A2aTasksTable {
  /** The task's id, a random UUID. */
  id: string;
  /** JSON text of the task. */
  task: string;
  /** Milliseconds since the epoch (bigint on PostgreSQL, so read it through `Number`). */
  created_at: number | string;
  expires_at: number | string;
}
