/**
 * Migration 0001: the Daily Packet League (agents, attempts, the figures kept by triggers) and
 * Idempotency-Key records.
 */
import type { Kysely } from 'kysely';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from '../shared/migration-sql.ts';
import { LEAGUE_TABLES_DOWN, leagueTables } from '../league/0001-tables.ts';
import { leagueTriggers, leagueTriggersDown } from '../league/0001-triggers.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...leagueTables(family), ...leagueTriggers(family)]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...leagueTriggersDown(family), ...LEAGUE_TABLES_DOWN]);
}
