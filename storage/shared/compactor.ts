/**
 * Runs the compactions of PostgreSQL's pending shares (../pending-figures.ts) a while after
 * writes, so a read sums a second's worth of shares at most, however many records there are.
 *
 * Each compaction is one statement that deletes the shares its snapshot sees and adds them to
 * the kept rows, so a read (one statement, one snapshot) sees every share once, pending or moved.
 * Two instances compacting at once do not count a share twice: the second's delete waits for
 * the first's, then finds those rows gone. Only compactions lock the kept rows; a failed one
 * leaves its shares pending, read as before, for the next.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectFamily } from './family.ts';

/** How long after a write the instance compacts: at most once in this time. */
const COMPACT_AFTER_MS = 1000;

/** Runs each compaction once. SQLite's pending tables are always empty (and it has no `DELETE … RETURNING` in a `WITH`). */
export async function compact(db: Kysely<any>, family: DialectFamily, compactions: readonly string[]): Promise<void> {
  if (family !== 'postgres') return;
  for (const statement of compactions) await sql.raw(statement).execute(db);
}

/** Compacts a while after writes, once for many; nothing on SQLite, whose triggers keep the rows. */
export interface Compactor {
  /** Says a write may have left pending shares. */
  written(): void;
  /** Stops compacting, after the one under way. */
  close(): Promise<void>;
}

export function compactor(db: Kysely<any>, family: DialectFamily, compactions: readonly string[]): Compactor {
  if (family !== 'postgres') return { written() {}, close: async () => {} };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const run = () => {
    timer = undefined;
    running = compact(db, family, compactions)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    written() {
      if (closed || timer !== undefined) return;
      timer = setTimeout(run, COMPACT_AFTER_MS);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
