-- Migration 0011-no-hot-rows (storage/migrations/0011-no-hot-rows.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
CREATE TABLE IF NOT EXISTS day_counts_pending (
      date text NOT NULL,
      field_size integer NOT NULL,
      finisher_count integer NOT NULL,
      attempt_count integer NOT NULL
    );
CREATE TABLE IF NOT EXISTS league_totals_pending (
      agents integer NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0
    );
CREATE TABLE IF NOT EXISTS league_entrants_pending (
      entrants integer NOT NULL DEFAULT 0
    );
CREATE TABLE IF NOT EXISTS clubhouse_totals_pending (
      members integer NOT NULL DEFAULT 0,
      topics integer NOT NULL DEFAULT 0,
      replies integer NOT NULL DEFAULT 0,
      topics_general integer NOT NULL DEFAULT 0,
      topics_game_design integer NOT NULL DEFAULT 0,
      topics_rules_assembly integer NOT NULL DEFAULT 0,
      topics_match_analysis integer NOT NULL DEFAULT 0,
      topics_statistics integer NOT NULL DEFAULT 0,
      topics_clubs integer NOT NULL DEFAULT 0,
      topics_off_topic integer NOT NULL DEFAULT 0
    );
CREATE TABLE IF NOT EXISTS rules_totals_pending (
      proposals integer NOT NULL DEFAULT 0,
      reviews integer NOT NULL DEFAULT 0,
      status_open integer NOT NULL DEFAULT 0,
      status_under_review integer NOT NULL DEFAULT 0,
      status_accepted integer NOT NULL DEFAULT 0,
      status_rejected integer NOT NULL DEFAULT 0,
      status_withdrawn integer NOT NULL DEFAULT 0
    );
CREATE TABLE IF NOT EXISTS arrival_totals_pending (
      arrivals integer NOT NULL DEFAULT 0
    );
DROP INDEX IF EXISTS attempts_by_agent_date;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0011-no-hot-rows', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
