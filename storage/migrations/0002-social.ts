/**
 * Migration 0002: the Clubhouse (members, topics, replies), the Rules Desk (proposals, their
 * revisions, reviews and status log) and the Arrival Hall, with the counts kept by triggers.
 * Each surface's tables and triggers are in its folder; this is their order.
 */
import type { Kysely } from 'kysely';
import { ARRIVAL_TABLES_DOWN, arrivalTables } from '../arrival/0002-tables.ts';
import { arrivalTriggers } from '../arrival/0002-triggers.ts';
import { RULES_TABLES_DOWN, rulesTables } from '../rules/0002-tables.ts';
import { rulesTriggers } from '../rules/0002-triggers.ts';
import type { DialectFamily } from '../shared/family.ts';
import { createTriggers, dropTriggers, runEach } from '../shared/migration-sql.ts';
import { CLUBHOUSE_TABLES_DOWN, clubhouseTables } from '../social/0002-tables.ts';
import { clubhouseTriggers } from '../social/0002-triggers.ts';

const triggers = (family: DialectFamily) => [...clubhouseTriggers(family), ...rulesTriggers(family), ...arrivalTriggers()];

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...clubhouseTables(family), ...rulesTables(family), ...arrivalTables(family), ...createTriggers(family, triggers(family))]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...dropTriggers(family, triggers(family)), ...ARRIVAL_TABLES_DOWN, ...RULES_TABLES_DOWN, ...CLUBHOUSE_TABLES_DOWN]);
}
