/**
 * Triggers of migration 0001: they keep the per-day counts, the daily bests, the season totals
 * and the whole-arena totals inside the very statement that inserts an agent or an attempt, so
 * the figures are exact under any concurrency and reads never scan.
 *
 * A daily best is replaced only by a strictly greater score: ties stay with the earlier attempt
 * (an agent's attempts of one day are inserted one after another, their numbers see to that).
 */
import type { DialectFamily } from '../shared/family.ts';

/**
 * SQLite (and D1): one serialised writer, so a trigger body reads the state before this insert
 * reliably. Counts and season gains are computed from the day's best row before it is updated.
 */
const SQLITE = [
  `CREATE TRIGGER IF NOT EXISTS agents_registered AFTER INSERT ON agents
  BEGIN
    UPDATE league_totals SET agents = agents + 1 WHERE id = 1;
  END`,
  `CREATE TRIGGER IF NOT EXISTS attempts_retained AFTER INSERT ON attempts
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
  END`,
];

/**
 * PostgreSQL: concurrent transactions under READ COMMITTED, so "first of the day" is decided by
 * the insert of the day's best row itself (a conflicting insert waits for the other one to
 * commit), and an existing row is locked before its old values are used. Every other figure is
 * an upsert that adds a delta to the latest committed row. Rows are always locked in the same
 * order (day best, day counts, season total, league totals), so concurrent inserts cannot deadlock.
 */
const POSTGRES = [
  `CREATE OR REPLACE FUNCTION league_agent_registered() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE league_totals SET agents = agents + 1 WHERE id = 1;
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE TRIGGER agents_registered AFTER INSERT ON agents
    FOR EACH ROW EXECUTE FUNCTION league_agent_registered()`,
  `CREATE OR REPLACE FUNCTION league_attempt_retained() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    prior day_bests%ROWTYPE;
    first_of_day integer := 0;
    new_finisher integer := 0;
    gain integer := 0;
  BEGIN
    INSERT INTO day_bests (date, agent_id, best_score, best_attempt_id, achieved_at, finished, attempts)
    VALUES (NEW.date, NEW.agent_id, NEW.score, NEW.id, NEW.created_at, NEW.reached_exit, 1)
    ON CONFLICT (date, agent_id) DO NOTHING;
    IF FOUND THEN
      first_of_day := 1;
      new_finisher := CASE WHEN NEW.reached_exit THEN 1 ELSE 0 END;
      gain := NEW.score;
    ELSE
      SELECT * INTO prior FROM day_bests WHERE date = NEW.date AND agent_id = NEW.agent_id FOR UPDATE;
      IF NEW.reached_exit AND NOT prior.finished THEN new_finisher := 1; END IF;
      IF NEW.score > prior.best_score THEN gain := NEW.score - prior.best_score; END IF;
      UPDATE day_bests SET
        attempts = attempts + 1,
        finished = finished OR NEW.reached_exit,
        best_attempt_id = CASE WHEN NEW.score > best_score THEN NEW.id ELSE best_attempt_id END,
        achieved_at = CASE WHEN NEW.score > best_score THEN NEW.created_at ELSE achieved_at END,
        best_score = GREATEST(best_score, NEW.score)
      WHERE date = NEW.date AND agent_id = NEW.agent_id;
    END IF;
    INSERT INTO day_counts AS c (date, field_size, finisher_count, attempt_count)
    VALUES (NEW.date, first_of_day, new_finisher, 1)
    ON CONFLICT (date) DO UPDATE SET
      field_size = c.field_size + excluded.field_size,
      finisher_count = c.finisher_count + excluded.finisher_count,
      attempt_count = c.attempt_count + 1;
    INSERT INTO season_totals AS s (agent_id, agent_created_at, total, days)
    SELECT a.id, a.created_at, gain, first_of_day FROM agents a WHERE a.id = NEW.agent_id
    ON CONFLICT (agent_id) DO UPDATE SET
      total = s.total + excluded.total,
      days = s.days + excluded.days;
    UPDATE league_totals SET attempts = attempts + 1 WHERE id = 1;
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE TRIGGER attempts_retained AFTER INSERT ON attempts
    FOR EACH ROW EXECUTE FUNCTION league_attempt_retained()`,
];

export function leagueTriggers(family: DialectFamily): string[] {
  return family === 'postgres' ? POSTGRES : SQLITE;
}

/** Drops what `leagueTriggers` creates (before the tables go). */
export function leagueTriggersDown(family: DialectFamily): string[] {
  if (family === 'sqlite') return ['DROP TRIGGER IF EXISTS attempts_retained', 'DROP TRIGGER IF EXISTS agents_registered'];
  return [
    'DROP TRIGGER IF EXISTS attempts_retained ON attempts',
    'DROP TRIGGER IF EXISTS agents_registered ON agents',
    'DROP FUNCTION IF EXISTS league_attempt_retained()',
    'DROP FUNCTION IF EXISTS league_agent_registered()',
  ];
}
