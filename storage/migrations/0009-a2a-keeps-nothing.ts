/**
 * Migration 0009: no A2A task is kept. Every task is answered whole in the answer to its
 * message; the tasks migration 0006 kept (some with an arena key in their artifact) are deleted,
 * and inserts into their table are dropped (storage/a2a/0009-keep-nothing.ts).
 */
import type { Kysely } from 'kysely';
import { a2aKeepsNothingDown, a2aKeepsNothingUp } from '../a2a/0009-keep-nothing.ts';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from '../shared/migration-sql.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, a2aKeepsNothingUp(family));
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, a2aKeepsNothingDown(family));
}
