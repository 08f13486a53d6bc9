/**
 * The league's figures of migration 0011, with no row that every attempt must lock.
 *
 * On PostgreSQL, writes commit concurrently, and a counter row updated by every attempt (the
 * day's counts, the arena's totals) queues every writer behind the one holding it until it
 * commits. So an attempt adds its share of those figures as a row of its own in a pending
 * table (an insert conflicts with nobody), a read adds the pending rows to the kept figures,
 * and a compaction now and then moves them over (../shared/pending-totals.ts for the one-row
 * totals, ./compact-day-counts.ts for the day's counts).
 *
 * A day's row itself is still written by the attempts the field's events follow: the day's
 * first attempt inserts it (`field.changed` forming), and its first two finishers count
 * themselves on it while it has fewer than two (`field.changed` competitive). Only those
 * attempts, a handful a day, ever wait on each other.
 *
 * SQLite and D1 have one writer at a time, so their triggers (0001, 0003) keep updating the
 * rows themselves; the pending tables exist there too, always empty, so a read is the same SQL.
 */
import type { DialectFamily } from '../shared/family.ts';
import { keyColumn } from '../shared/migration-sql.ts';
import { addPendingTotals } from '../shared/pending-totals.ts';

/** The arena's one-row totals the league keeps, and their count columns. */
export const LEAGUE_TOTALS = { table: 'league_totals', columns: ['agents', 'attempts'] } as const;
export const LEAGUE_ENTRANTS = { table: 'league_entrants', columns: ['entrants'] } as const;

export function dayCountsPending(family: DialectFamily): string {
  return `CREATE TABLE IF NOT EXISTS day_counts_pending (
      date ${keyColumn(family)} NOT NULL,
      field_size integer NOT NULL,
      finisher_count integer NOT NULL,
      attempt_count integer NOT NULL
    )`;
}

export const DAY_COUNTS_PENDING_DOWN = 'DROP TABLE IF EXISTS day_counts_pending';

/**
 * PostgreSQL's trigger functions, replacing those of 0001 and 0003. The day's best and the
 * season total are the agent's own rows, locked only by its own attempts, as before.
 */
export const PENDING_FIGURE_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION league_agent_registered() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${addPendingTotals('league_totals', { agents: '1' })};
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE FUNCTION league_entrant_counted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${addPendingTotals('league_entrants', { entrants: '1' })};
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE FUNCTION league_attempt_retained() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    prior day_bests%ROWTYPE;
    first_of_day integer := 0;
    new_finisher integer := 0;
    gain integer := 0;
    wrote_day boolean := false;
    pending_finisher integer;
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
    -- The day's first attempt is an agent's first of the day: it writes the day's row, counted whole.
    IF first_of_day = 1 THEN
      INSERT INTO day_counts (date, field_size, finisher_count, attempt_count)
      VALUES (NEW.date, 1, new_finisher, 1)
      ON CONFLICT (date) DO NOTHING;
      wrote_day := FOUND;
    END IF;
    IF NOT wrote_day THEN
      pending_finisher := new_finisher;
      -- A finisher counts itself on the row while the day has fewer than two: the field's turn to competitive.
      IF pending_finisher = 1 THEN
        UPDATE day_counts SET finisher_count = finisher_count + 1 WHERE date = NEW.date AND finisher_count < 2;
        IF FOUND THEN pending_finisher := 0; END IF;
      END IF;
      INSERT INTO day_counts_pending (date, field_size, finisher_count, attempt_count)
      VALUES (NEW.date, first_of_day, pending_finisher, 1);
    END IF;
    INSERT INTO season_totals AS s (agent_id, agent_created_at, total, days)
    SELECT a.id, a.created_at, gain, first_of_day FROM agents a WHERE a.id = NEW.agent_id
    ON CONFLICT (agent_id) DO UPDATE SET
      total = s.total + excluded.total,
      days = s.days + excluded.days;
    ${addPendingTotals('league_totals', { attempts: '1' })};
    RETURN NULL;
  END $$`,
];
