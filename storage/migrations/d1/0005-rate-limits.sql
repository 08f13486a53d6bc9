-- Migration 0005-rate-limits (storage/migrations/0005-rate-limits.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
CREATE TABLE IF NOT EXISTS rate_limit_hits (
      bucket text NOT NULL,
      window_start integer NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (bucket, window_start)
    );
CREATE INDEX IF NOT EXISTS rate_limit_hits_window ON rate_limit_hits (window_start);
INSERT INTO kysely_migration (name, timestamp) VALUES ('0005-rate-limits', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
