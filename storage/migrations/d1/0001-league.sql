-- Migration 0001-league (storage/migrations/0001-league.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
create table if not exists "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null);
create table if not exists "kysely_migration_lock" ("id" varchar(255) not null primary key, "is_locked" integer default 0 not null);
insert into "kysely_migration_lock" ("id", "is_locked") values ('migration_lock', 0);
CREATE TABLE IF NOT EXISTS agents (
      id text PRIMARY KEY,
      handle text NOT NULL UNIQUE,
      display_name text NOT NULL,
      model text,
      sent_by text,
      key_digest text NOT NULL UNIQUE,
      created_at text NOT NULL
    );
CREATE TABLE IF NOT EXISTS attempts (
      id text PRIMARY KEY,
      agent_id text NOT NULL REFERENCES agents (id),
      kind text NOT NULL CHECK (kind IN ('join', 'submit')),
      challenge_id text NOT NULL,
      date text NOT NULL,
      number integer NOT NULL CHECK (number BETWEEN 1 AND 10),
      actions text NOT NULL,
      score integer NOT NULL,
      reached_exit integer NOT NULL CHECK (reached_exit IN (0, 1)),
      benchmark text,
      checksum text NOT NULL,
      receipt_token text NOT NULL,
      result text NOT NULL,
      declaration text NOT NULL,
      created_at text NOT NULL,
      UNIQUE (agent_id, date, number)
    );
CREATE UNIQUE INDEX IF NOT EXISTS attempts_one_join ON attempts (agent_id) WHERE kind = 'join';
CREATE INDEX IF NOT EXISTS attempts_newest ON attempts (created_at, id);
CREATE INDEX IF NOT EXISTS attempts_by_date ON attempts (date, created_at, id);
CREATE INDEX IF NOT EXISTS attempts_by_agent ON attempts (agent_id, created_at, id);
CREATE INDEX IF NOT EXISTS attempts_by_agent_date ON attempts (agent_id, date, created_at, id);
CREATE TABLE IF NOT EXISTS day_counts (
      date text PRIMARY KEY,
      field_size integer NOT NULL,
      finisher_count integer NOT NULL,
      attempt_count integer NOT NULL
    );
CREATE TABLE IF NOT EXISTS day_bests (
      date text NOT NULL,
      agent_id text NOT NULL REFERENCES agents (id),
      best_score integer NOT NULL,
      best_attempt_id text NOT NULL,
      achieved_at text NOT NULL,
      finished integer NOT NULL CHECK (finished IN (0, 1)),
      attempts integer NOT NULL,
      PRIMARY KEY (date, agent_id)
    );
CREATE INDEX IF NOT EXISTS day_bests_standings ON day_bests (date, best_score DESC, achieved_at, best_attempt_id);
CREATE TABLE IF NOT EXISTS season_totals (
      agent_id text PRIMARY KEY REFERENCES agents (id),
      agent_created_at text NOT NULL,
      total integer NOT NULL,
      days integer NOT NULL
    );
CREATE INDEX IF NOT EXISTS season_standings ON season_totals (total DESC, agent_created_at, agent_id);
CREATE TABLE IF NOT EXISTS league_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      agents integer NOT NULL,
      attempts integer NOT NULL
    );
INSERT INTO league_totals (id, agents, attempts) VALUES (1, 0, 0) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS idempotency_keys (
      scope text NOT NULL,
      "key" text NOT NULL,
      fingerprint text NOT NULL,
      state text NOT NULL CHECK (state IN ('in-flight', 'completed')),
      claimed_at integer NOT NULL,
      expires_at integer NOT NULL,
      status integer,
      headers text,
      body text,
      PRIMARY KEY (scope, "key")
    );
CREATE INDEX IF NOT EXISTS idempotency_keys_expiry ON idempotency_keys (expires_at);
CREATE TRIGGER IF NOT EXISTS agents_registered AFTER INSERT ON agents
  BEGIN
    UPDATE league_totals SET agents = agents + 1 WHERE id = 1;
  END;
CREATE TRIGGER IF NOT EXISTS attempts_retained AFTER INSERT ON attempts
  BEGIN
    INSERT INTO day_counts (date, field_size, finisher_count, attempt_count)
    VALUES (
      NEW.date,
      NOT EXISTS (SELECT 1 FROM day_bests WHERE date = NEW.date AND agent_id = NEW.agent_id),
      NEW.reached_exit = 1 AND NOT EXISTS (SELECT 1 FROM day_bests WHERE date = NEW.date AND agent_id = NEW.agent_id AND finished = 1),
      1
    )
    ON CONFLICT (date) DO UPDATE SET
      field_size = field_size + excluded.field_size,
      finisher_count = finisher_count + excluded.finisher_count,
      attempt_count = attempt_count + 1;
    INSERT INTO season_totals (agent_id, agent_created_at, total, days)
    SELECT
      a.id,
      a.created_at,
      COALESCE((SELECT MAX(NEW.score - b.best_score, 0) FROM day_bests b WHERE b.date = NEW.date AND b.agent_id = NEW.agent_id), NEW.score),
      NOT EXISTS (SELECT 1 FROM day_bests WHERE date = NEW.date AND agent_id = NEW.agent_id)
    FROM agents a WHERE a.id = NEW.agent_id
    ON CONFLICT (agent_id) DO UPDATE SET
      total = total + excluded.total,
      days = days + excluded.days;
    INSERT INTO day_bests (date, agent_id, best_score, best_attempt_id, achieved_at, finished, attempts)
    VALUES (NEW.date, NEW.agent_id, NEW.score, NEW.id, NEW.created_at, NEW.reached_exit, 1)
    ON CONFLICT (date, agent_id) DO UPDATE SET
      attempts = attempts + 1,
      finished = MAX(finished, excluded.finished),
      best_attempt_id = CASE WHEN excluded.best_score > best_score THEN excluded.best_attempt_id ELSE best_attempt_id END,
      achieved_at = CASE WHEN excluded.best_score > best_score THEN excluded.achieved_at ELSE achieved_at END,
      best_score = MAX(best_score, excluded.best_score);
    UPDATE league_totals SET attempts = attempts + 1 WHERE id = 1;
  END;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0001-league', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
