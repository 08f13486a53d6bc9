/**
 * The day's counts and the arena's totals: the kept rows plus the shares still pending
 * (./0011-pending-figures.ts), summed in one statement so a compaction moving shares between
 * them (./compact-figures.ts) is seen whole or not at all. Pending rows are a second's writes
 * at most, so a read stays flat however many attempts the league holds.
 */
import { sql, type Kysely } from 'kysely';
import type { DayCounts, Totals } from '../../core/league/records.ts';
import type { Database } from '../database.ts';
import { asNumber } from '../shared/columns.ts';

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
  const { rows } = await sql<Sums<'agents' | 'attempts' | 'entrants'>>`
    SELECT SUM(agents) AS agents, SUM(attempts) AS attempts, SUM(entrants) AS entrants FROM (
      SELECT agents, attempts, 0 AS entrants FROM league_totals WHERE id = 1
      UNION ALL SELECT 0, 0, entrants FROM league_entrants WHERE id = 1
      UNION ALL SELECT agents, attempts, entrants FROM league_totals_pending
    ) shares`.execute(db);
  const row = rows[0];
  return { agents: asCount(row?.agents), entrants: asCount(row?.entrants), attempts: asCount(row?.attempts) };
}

/** A sum as a number: 0 when there was nothing to sum; PostgreSQL's bigint sums come as text. */
const asCount = (sum: number | string | null | undefined): number => (sum == null ? 0 : asNumber(sum));
