/**
 * The Arrival Hall's tables and indexes of migration 0002, per family. As in 0001, every statement is
 * `IF NOT EXISTS` or does nothing on conflict, so two processes migrating at once, or a run that
 * stopped halfway, are harmless.
 */
import type { DialectFamily } from '../shared/family.ts';
import { keyColumn } from '../shared/migration-sql.ts';

export function arrivalTables(family: DialectFamily): string[] {
  const key = keyColumn(family);
  return [
    `CREATE TABLE IF NOT EXISTS arrivals (
      id ${key} PRIMARY KEY,
      date ${key} NOT NULL,
      client_digest ${key} NOT NULL,
      number integer NOT NULL CHECK (number >= 1),
      user_agent_digest text NOT NULL,
      handle text,
      display_name text NOT NULL,
      model text NOT NULL,
      sent_by text NOT NULL,
      source text NOT NULL,
      purpose text NOT NULL,
      arrived_at ${key} NOT NULL,
      UNIQUE (date, client_digest, number)
    )`,
    `CREATE INDEX IF NOT EXISTS arrivals_newest ON arrivals (arrived_at, id)`,
    `CREATE TABLE IF NOT EXISTS arrival_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      arrivals integer NOT NULL DEFAULT 0
    )`,
    `INSERT INTO arrival_totals (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
  ];
}

/** Drops what `arrivalTables` creates, dependents first. */
export const ARRIVAL_TABLES_DOWN = ['DROP TABLE IF EXISTS arrival_totals', 'DROP TABLE IF EXISTS arrivals'];
