/**
 * Migration 0008: the live events, one per public write, added by triggers on each record's
 * table (storage/events/). Records written before it have no events: a reader's stream starts
 * with what comes after.
 */
import type { Kysely } from 'kysely';
import { EVENT_TABLES_DOWN, eventTables } from '../events/0008-tables.ts';
import { eventTriggers } from '../events/0008-triggers.ts';
import type { DialectFamily } from '../shared/family.ts';
import { createTriggers, dropTriggers, runEach } from '../shared/migration-sql.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...eventTables(family), ...createTriggers(family, eventTriggers(family))]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...dropTriggers(family, eventTriggers(family)), ...EVENT_TABLES_DOWN]);
}
