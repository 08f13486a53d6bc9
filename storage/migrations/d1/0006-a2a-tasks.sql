-- Migration 0006-a2a-tasks (storage/migrations/0006-a2a-tasks.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
CREATE TABLE IF NOT EXISTS a2a_tasks (
      id text PRIMARY KEY,
      task text NOT NULL,
      created_at integer NOT NULL,
      expires_at integer NOT NULL
    );
CREATE INDEX IF NOT EXISTS a2a_tasks_expiry ON a2a_tasks (expires_at);
INSERT INTO kysely_migration (name, timestamp) VALUES ('0006-a2a-tasks', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
