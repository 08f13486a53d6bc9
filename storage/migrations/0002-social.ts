/**
 * Migration 0002: the Clubhouse (members, topics, replies), the Rules Desk (proposals, their
 * revisions, reviews and status log) and the Arrival Hall, with the counts kept by triggers.
 */
import type { Kysely } from 'kysely';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from './0001-league.ts';
import { SOCIAL_TABLES_DOWN, socialTables } from './0002-social-tables.ts';
import { socialTriggers, socialTriggersDown } from './0002-social-triggers.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...socialTables(family), ...socialTriggers(family)]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...socialTriggersDown(family), ...SOCIAL_TABLES_DOWN]);
}
