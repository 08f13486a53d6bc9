/**
 * Migration 0001: the Daily Packet League (agents, attempts, the figures kept by triggers) and
 * Idempotency-Key records.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectFamily } from '../shared/family.ts';
import { LEAGUE_TABLES_DOWN, leagueTables } from '../league/0001-tables.ts';
import { leagueTriggers, leagueTriggersDown } from '../league/0001-triggers.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...leagueTables(family), ...leagueTriggers(family)]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...leagueTriggersDown(family), ...LEAGUE_TABLES_DOWN]);
}

/** One statement per call: D1, PGlite's extended protocol and `pg` with parameters take no more. */
export async function runEach(db: Kysely<any>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
