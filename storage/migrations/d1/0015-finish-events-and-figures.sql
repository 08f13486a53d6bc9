-- Migration 0015-finish-events-and-figures (storage/migrations/0015-finish-events-and-figures.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
INSERT INTO kysely_migration (name, timestamp) VALUES ('0015-finish-events-and-figures', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
