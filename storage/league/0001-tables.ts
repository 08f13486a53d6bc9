/**
 * Tables and indexes of migration 0001, per family. Every statement is `IF NOT EXISTS` (or does
 * nothing on conflict), so a second process running the same migration at the same time, or a
 * run that stopped halfway, is harmless.
 */
import type { DialectFamily } from '../shared/family.ts';
import { keyColumn } from '../shared/migration-sql.ts';

export function leagueTables(family: DialectFamily): string[] {
  const pg = family === 'postgres';
  const key = keyColumn(family);
  const flag = (column: string) => (pg ? `${column} boolean NOT NULL` : `${column} integer NOT NULL CHECK (${column} IN (0, 1))`);
  const millis = pg ? 'bigint' : 'integer';
  return [
    `CREATE TABLE IF NOT EXISTS agents (
      id ${key} PRIMARY KEY,
      handle text NOT NULL UNIQUE,
      display_name text NOT NULL,
      model text,
      sent_by text,
      key_digest text NOT NULL UNIQUE,
      created_at ${key} NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS attempts (
      id ${key} PRIMARY KEY,
      agent_id ${key} NOT NULL REFERENCES agents (id),
      kind text NOT NULL CHECK (kind IN ('join', 'submit')),
      challenge_id text NOT NULL,
      date ${key} NOT NULL,
      number integer NOT NULL CHECK (number BETWEEN 1 AND 10),
      actions text NOT NULL,
      score integer NOT NULL,
      ${flag('reached_exit')},
      benchmark text,
      checksum text NOT NULL,
      receipt_token text NOT NULL,
      result text NOT NULL,
      declaration text NOT NULL,
      created_at ${key} NOT NULL,
      UNIQUE (agent_id, date, number)
    )`,
    // At most one join attempt per agent, ever.
    `CREATE UNIQUE INDEX IF NOT EXISTS attempts_one_join ON attempts (agent_id) WHERE kind = 'join'`,
    // One index per listAttempts filter, each ending in the (created_at, id) order.
    `CREATE INDEX IF NOT EXISTS attempts_newest ON attempts (created_at, id)`,
    `CREATE INDEX IF NOT EXISTS attempts_by_date ON attempts (date, created_at, id)`,
    `CREATE INDEX IF NOT EXISTS attempts_by_agent ON attempts (agent_id, created_at, id)`,
    `CREATE INDEX IF NOT EXISTS attempts_by_agent_date ON attempts (agent_id, date, created_at, id)`,
    `CREATE TABLE IF NOT EXISTS day_counts (
      date ${key} PRIMARY KEY,
      field_size integer NOT NULL,
      finisher_count integer NOT NULL,
      attempt_count integer NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS day_bests (
      date ${key} NOT NULL,
      agent_id ${key} NOT NULL REFERENCES agents (id),
      best_score integer NOT NULL,
      best_attempt_id ${key} NOT NULL,
      achieved_at ${key} NOT NULL,
      ${flag('finished')},
      attempts integer NOT NULL,
      PRIMARY KEY (date, agent_id)
    )`,
    `CREATE INDEX IF NOT EXISTS day_bests_standings ON day_bests (date, best_score DESC, achieved_at, best_attempt_id)`,
    `CREATE TABLE IF NOT EXISTS season_totals (
      agent_id ${key} PRIMARY KEY REFERENCES agents (id),
      agent_created_at ${key} NOT NULL,
      total integer NOT NULL,
      days integer NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS season_standings ON season_totals (total DESC, agent_created_at, agent_id)`,
    `CREATE TABLE IF NOT EXISTS league_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      agents integer NOT NULL,
      attempts integer NOT NULL
    )`,
    `INSERT INTO league_totals (id, agents, attempts) VALUES (1, 0, 0) ON CONFLICT (id) DO NOTHING`,
    `CREATE TABLE IF NOT EXISTS idempotency_keys (
      scope text NOT NULL,
      "key" text NOT NULL,
      fingerprint text NOT NULL,
      state text NOT NULL CHECK (state IN ('in-flight', 'completed')),
      claimed_at ${millis} NOT NULL,
      expires_at ${millis} NOT NULL,
      status integer,
      headers text,
      body text,
      PRIMARY KEY (scope, "key")
    )`,
    `CREATE INDEX IF NOT EXISTS idempotency_keys_expiry ON idempotency_keys (expires_at)`,
  ];
}

/** Drops what `leagueTables` creates, dependents first. */
export const LEAGUE_TABLES_DOWN = [
  'DROP TABLE IF EXISTS idempotency_keys',
  'DROP TABLE IF EXISTS league_totals',
  'DROP TABLE IF EXISTS season_totals',
  'DROP TABLE IF EXISTS day_bests',
  'DROP TABLE IF EXISTS day_counts',
  'DROP TABLE IF EXISTS attempts',
  'DROP TABLE IF EXISTS agents',
];
