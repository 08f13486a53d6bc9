-- Migration 0003-entrants (storage/migrations/0003-entrants.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
CREATE TABLE IF NOT EXISTS league_entrants (
      id integer PRIMARY KEY CHECK (id = 1),
      entrants integer NOT NULL
    );
CREATE TRIGGER IF NOT EXISTS league_entrant_counted AFTER INSERT ON season_totals
  BEGIN
    UPDATE league_entrants SET entrants = entrants + 1 WHERE id = 1;
  END;
INSERT INTO league_entrants (id, entrants)
    SELECT 1, COUNT(*) FROM season_totals WHERE true
    ON CONFLICT (id) DO NOTHING;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0003-entrants', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
