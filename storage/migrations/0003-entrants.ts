/**
 * Migration 0003: the number of league entrants, agents with at least one retained league
 * attempt (`truth.recordedEntrants`). An agent redeemed from a trial's capability joins the
 * Clubhouse without entering the league, so the count of agents is not it.
 *
 * An agent enters the league when its first attempt inserts its `season_totals` row (later
 * attempts update that row, which fires no insert trigger on either family), so a trigger on
 * that insert keeps the count exact under any concurrency, and a read is one row. Every
 * statement may run twice (see storage/migrate.ts): hence a table of its own rather than a
 * column added to `league_totals`, which SQLite cannot add "if not exists".
 */
import type { Kysely } from 'kysely';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from './0001-league.ts';

const TABLE = `CREATE TABLE IF NOT EXISTS league_entrants (
      id integer PRIMARY KEY CHECK (id = 1),
      entrants integer NOT NULL
    )`;

const COUNTED = 'UPDATE league_entrants SET entrants = entrants + 1 WHERE id = 1';

/**
 * After the trigger, so an agent entering meanwhile is counted once: by the trigger if the row
 * exists, by the count if not. `WHERE true` keeps SQLite from reading `ON` as a join's.
 */
const FROM_RECORDS = `INSERT INTO league_entrants (id, entrants)
    SELECT 1, COUNT(*) FROM season_totals WHERE true
    ON CONFLICT (id) DO NOTHING`;

function trigger(family: DialectFamily): string[] {
  if (family === 'sqlite') {
    return [
      `CREATE TRIGGER IF NOT EXISTS league_entrant_counted AFTER INSERT ON season_totals
  BEGIN
    ${COUNTED};
  END`,
    ];
  }
  return [
    `CREATE OR REPLACE FUNCTION league_entrant_counted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${COUNTED};
    RETURN NULL;
  END $$`,
    `CREATE OR REPLACE TRIGGER league_entrant_counted AFTER INSERT ON season_totals
    FOR EACH ROW EXECUTE FUNCTION league_entrant_counted()`,
  ];
}

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [TABLE, ...trigger(family), FROM_RECORDS]);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  const dropTrigger =
    family === 'sqlite'
      ? ['DROP TRIGGER IF EXISTS league_entrant_counted']
      : ['DROP TRIGGER IF EXISTS league_entrant_counted ON season_totals', 'DROP FUNCTION IF EXISTS league_entrant_counted()'];
  await runEach(db, [...dropTrigger, 'DROP TABLE IF EXISTS league_entrants']);
}
