-- Migration 0009-a2a-keeps-nothing (storage/migrations/0009-a2a-keeps-nothing.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
DELETE FROM a2a_tasks;
CREATE TRIGGER IF NOT EXISTS a2a_tasks_keep_nothing BEFORE INSERT ON a2a_tasks FOR EACH ROW
  BEGIN
    SELECT RAISE(IGNORE);
  END;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0009-a2a-keeps-nothing', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
