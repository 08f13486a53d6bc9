/**
 * The statements of migration 0009 (see storage/migrations/0009-a2a-keeps-nothing.ts): the A2A
 * tasks kept until now are deleted, and the table takes no new row. An instance of the previous
 * release still keeps each task it answers with (its arena keys and capabilities with it) while
 * a rolling upgrade runs beside it: its inserts are dropped, row by row, so it goes on answering
 * and keeps nothing. The table goes in a later release, once no instance writes to it.
 */
import type { DialectFamily } from '../shared/family.ts';
import { createTriggers, dropTriggers, type TriggerSpec } from '../shared/migration-sql.ts';

function keepNothing(family: DialectFamily): TriggerSpec {
  // SQLite's RAISE(IGNORE) and a PostgreSQL row trigger's NULL both skip the row, and only it.
  return { name: 'a2a_tasks_keep_nothing', table: 'a2a_tasks', event: 'BEFORE INSERT', body: [family === 'sqlite' ? 'SELECT RAISE(IGNORE)' : 'NULL'] };
}

export function a2aKeepsNothingUp(family: DialectFamily): string[] {
  return ['DELETE FROM a2a_tasks', ...createTriggers(family, [keepNothing(family)])];
}

/** Undoing it lets the table take rows again; the deleted tasks are gone for good. */
export function a2aKeepsNothingDown(family: DialectFamily): string[] {
  return dropTriggers(family, [keepNothing(family)]);
}
