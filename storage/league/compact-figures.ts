/**
 * Moving PostgreSQL's pending figure rows (./0011-pending-figures.ts) into the rows they add to,
 * so a read sums a second's worth of them at most, however many attempts the league holds.
 *
 * Each compaction is one statement per table: it deletes the pending rows its snapshot sees and
 * adds their sums in the same statement, so a read (one statement, one snapshot) sees every
 * share once, pending or moved. Two instances compacting at once do not count a row twice: the
 * second's delete waits for the first's and then finds those rows gone. Only compactions lock
 * the kept rows; a failed one leaves its rows pending, read as before, for the next.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { DialectFamily } from '../shared/family.ts';

/** How long after a write the instance compacts: at most once in this time. */
const COMPACT_AFTER_MS = 1000;

export async function compactFigures(db: Kysely<Database>): Promise<void> {
  // An upsert, though the day's row is always there (written by the day's first attempt): a share is never dropped.
  await sql`WITH moved AS (DELETE FROM day_counts_pending RETURNING *)
    INSERT INTO day_counts AS c (date, field_size, finisher_count, attempt_count)
    SELECT date, SUM(field_size), SUM(finisher_count), SUM(attempt_count) FROM moved GROUP BY date
    ON CONFLICT (date) DO UPDATE SET
      field_size = c.field_size + excluded.field_size,
      finisher_count = c.finisher_count + excluded.finisher_count,
      attempt_count = c.attempt_count + excluded.attempt_count`.execute(db);
  await sql`WITH moved AS (DELETE FROM league_totals_pending RETURNING *),
    sums AS (SELECT COALESCE(SUM(agents), 0) AS agents, COALESCE(SUM(attempts), 0) AS attempts, COALESCE(SUM(entrants), 0) AS entrants FROM moved),
    entrants AS (UPDATE league_entrants AS e SET entrants = e.entrants + sums.entrants FROM sums WHERE e.id = 1 AND sums.entrants > 0)
    UPDATE league_totals AS t SET agents = t.agents + sums.agents, attempts = t.attempts + sums.attempts
    FROM sums WHERE t.id = 1 AND (sums.agents > 0 OR sums.attempts > 0)`.execute(db);
}

/** Compacts a while after writes, once for many; nothing on SQLite, whose triggers keep the rows. */
export interface FigureCompactor {
  /** Says a write may have left pending rows. */
  written(): void;
  /** Stops compacting, after the one under way. */
  close(): Promise<void>;
}

export function figureCompactor(db: Kysely<Database>, family: DialectFamily): FigureCompactor {
  if (family !== 'postgres') return { written() {}, close: async () => {} };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const compact = () => {
    timer = undefined;
    // Pending rows are read as they are until a later compaction moves them.
    running = compactFigures(db)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    written() {
      if (closed || timer !== undefined) return;
      timer = setTimeout(compact, COMPACT_AFTER_MS);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
