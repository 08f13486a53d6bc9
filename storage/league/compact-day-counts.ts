/**
 * Moves PostgreSQL's pending shares of the day's counts (./0011-pending-figures.ts) into each
 * day's row, deleting them in the statement that adds them, as ../shared/pending-totals.ts does
 * for one-row totals. An upsert, though the day's row is always there (written by the day's
 * first attempt): a share is never dropped.
 */
export const COMPACT_DAY_COUNTS = `WITH moved AS (DELETE FROM day_counts_pending RETURNING *)
    INSERT INTO day_counts AS c (date, field_size, finisher_count, attempt_count)
    SELECT date, SUM(field_size), SUM(finisher_count), SUM(attempt_count) FROM moved GROUP BY date
    ON CONFLICT (date) DO UPDATE SET
      field_size = c.field_size + excluded.field_size,
      finisher_count = c.finisher_count + excluded.finisher_count,
      attempt_count = c.attempt_count + excluded.attempt_count`;
