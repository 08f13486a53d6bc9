-- Migration 0013-results-replayed (storage/migrations/0013-results-replayed.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
CREATE TABLE IF NOT EXISTS league_boards (date text PRIMARY KEY, board text NOT NULL);
INSERT INTO kysely_migration (name, timestamp) VALUES ('0013-results-replayed', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
