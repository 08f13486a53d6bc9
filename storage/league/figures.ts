/**
 * The day's counts and the arena's totals: the kept rows plus the shares still pending
 * (./0011-pending-figures.ts), summed in one statement so a compaction moving shares between
 * them (../shared/compactor.ts) is seen whole or not at all. Pending rows are a second's writes
 * at most, so a read stays flat however many attempts the league holds.
 */
import { sql, type Kysely } from 'kysely';
import type { DayCounts, Totals } from '../../core/league/records.ts';
import type { Database } from '../database.ts';
import { asNumber } from '../shared/columns.ts';
import { readTotals } from '../shared/pending-totals.ts';
import { LEAGUE_ENTRANTS, LEAGUE_TOTALS } from './0011-pending-figures.ts';

type Sums<Name extends string> = Record<Name, number | string | null>;

export async function dayCounts(db: Kysely<Database>, date: string): Promise<DayCounts> {
  const { rows } = await sql<Sums<'field_size' | 'finisher_count' | 'attempt_count'>>`
    SELECT SUM(field_size) AS field_size, SUM(finisher_count) AS finisher_count, SUM(attempt_count) AS attempt_count FROM (
      SELECT field_size, finisher_count, attempt_count FROM day_counts WHERE date = ${date}
      UNION ALL SELECT field_size, finisher_count, attempt_count FROM day_counts_pending WHERE date = ${date}
    ) shares`.execute(db);
  const row = rows[0];
  return { date, fieldSize: asCount(row?.field_size), finisherCount: asCount(row?.finisher_count), attemptCount: asCount(row?.attempt_count) };
}

export async function leagueTotals(db: Kysely<Database>): Promise<Totals> {
  const { agents, attempts, entrants } = await readTotals(db, LEAGUE_TOTALS, LEAGUE_ENTRANTS);
  return { agents, entrants, attempts };
}

/** A sum as a number: 0 when there was nothing to sum; PostgreSQL's bigint sums come as text. */
const asCount = (sum: number | string | null | undefined): number => (sum == null ? 0 : asNumber(sum));
