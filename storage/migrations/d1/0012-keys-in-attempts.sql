-- Migration 0012-keys-in-attempts (storage/migrations/0012-keys-in-attempts.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
ALTER TABLE attempts ADD COLUMN key_digest TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS attempts_by_key ON attempts (key_digest);
INSERT INTO kysely_migration (name, timestamp) VALUES ('0012-keys-in-attempts', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
