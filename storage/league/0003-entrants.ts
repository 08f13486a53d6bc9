/** The statements of migration 0003 (see storage/migrations/0003-entrants.ts): the league's entrants, counted by a trigger. */
import type { DialectFamily } from '../shared/family.ts';

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

export function entrantsUp(family: DialectFamily): string[] {
  return [TABLE, ...trigger(family), FROM_RECORDS];
}

export function entrantsDown(family: DialectFamily): string[] {
  const dropTrigger =
    family === 'sqlite'
      ? ['DROP TRIGGER IF EXISTS league_entrant_counted']
      : ['DROP TRIGGER IF EXISTS league_entrant_counted ON season_totals', 'DROP FUNCTION IF EXISTS league_entrant_counted()'];
  return [...dropTrigger, 'DROP TABLE IF EXISTS league_entrants'];
}
