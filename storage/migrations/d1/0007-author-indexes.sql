-- Migration 0007-author-indexes (storage/migrations/0007-author-indexes.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
CREATE INDEX IF NOT EXISTS clubhouse_topics_by_author ON clubhouse_topics (author_id, created_at, id);
CREATE INDEX IF NOT EXISTS proposals_by_author ON proposals (author_id, number);
CREATE INDEX IF NOT EXISTS day_bests_by_agent ON day_bests (agent_id, date);
INSERT INTO kysely_migration (name, timestamp) VALUES ('0007-author-indexes', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
