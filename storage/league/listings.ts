/**
 * The three keyset listings. Each is a range scan of one index in its listing order, starting
 * after the cursor's key: attempts newest first, a day's standings, the season standings.
 */
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { SeasonRow, StandingRow } from '../../core/league/records.ts';
import type { Page } from '../../core/store/page.ts';
import type { Database } from '../database.ts';
import { afterDescendingWithTies, keysetPage } from '../shared/keyset-page.ts';
import type { AttemptsTable } from './tables.ts';
import { asNumber } from '../shared/columns.ts';

/**
 * Newest first: (created_at, id) descending, through the index that matches the filter (for one
 * agent's day, the unique (agent_id, date, number): ten rows at most, sorted); of each row only
 * `columns` are read, and `toItem` makes it an item.
 */
export async function listAttempts<Column extends keyof AttemptsTable, T>(
  db: Kysely<Database>,
  filter: { date?: string; agentId?: string },
  page: Page,
  columns: readonly (Column | 'created_at' | 'id')[],
  toItem: (row: Pick<Selectable<AttemptsTable>, Column | 'created_at' | 'id'>) => T,
): Promise<{ items: T[]; next: string | null }> {
  const listing = `attempts:${JSON.stringify([filter.date ?? null, filter.agentId ?? null])}`;
  // The rows' type as `columns` says; Kysely cannot follow a generic list of names.
  let query = db.selectFrom('attempts').select(columns) as unknown as SelectQueryBuilder<Database, 'attempts', Pick<Selectable<AttemptsTable>, Column | 'created_at' | 'id'>>;
  if (filter.date !== undefined) query = query.where('date', '=', filter.date);
  if (filter.agentId !== undefined) query = query.where('agent_id', '=', filter.agentId);
  return keysetPage(page, {
    listing,
    shape: ['string', 'string'],
    query: query.orderBy('created_at', 'desc').orderBy('id', 'desc'),
    after: (query, [createdAt, id]) => query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt as string, id as string))),
    keyOf: (row) => [row.created_at, row.id],
    toItem,
  });
}

/** Best score descending, then the earlier best attempt, then its id. */
export async function dailyStandings(db: Kysely<Database>, date: string, page: Page): Promise<{ rows: StandingRow[]; next: string | null }> {
  const listing = `day:${date}`;
  const query = db
    .selectFrom('day_bests as b')
    .innerJoin('agents as a', 'a.id', 'b.agent_id')
    .select(['a.id', 'a.handle', 'a.display_name', 'b.best_score', 'b.finished', 'b.best_attempt_id', 'b.achieved_at', 'b.attempts'])
    .where('b.date', '=', date);
  const { items, next } = await keysetPage(page, {
    listing,
    shape: ['number', 'string', 'string'],
    query: query.orderBy('b.best_score', 'desc').orderBy('b.achieved_at', 'asc').orderBy('b.best_attempt_id', 'asc'),
    after: (query, key) => afterDescendingWithTies(query, 'b.best_score', ['b.achieved_at', 'b.best_attempt_id'], key),
    keyOf: (row) => [asNumber(row.best_score), row.achieved_at, row.best_attempt_id],
    toItem: (row, rank): StandingRow => ({
      rank,
      agent: { id: row.id, handle: row.handle, displayName: row.display_name },
      bestScore: asNumber(row.best_score),
      finished: Boolean(row.finished),
      bestAttemptId: row.best_attempt_id,
      achievedAt: row.achieved_at,
      attempts: asNumber(row.attempts),
    }),
  });
  return { rows: items, next };
}

/** Season total descending, then the earlier agent, then its id. */
export async function seasonStandings(db: Kysely<Database>, page: Page): Promise<{ rows: SeasonRow[]; next: string | null }> {
  const listing = 'season';
  const query = db
    .selectFrom('season_totals as s')
    .innerJoin('agents as a', 'a.id', 's.agent_id')
    .select(['a.id', 'a.handle', 'a.display_name', 's.total', 's.days', 's.agent_created_at']);
  const { items, next } = await keysetPage(page, {
    listing,
    shape: ['number', 'string', 'string'],
    query: query.orderBy('s.total', 'desc').orderBy('s.agent_created_at', 'asc').orderBy('s.agent_id', 'asc'),
    after: (query, key) => afterDescendingWithTies(query, 's.total', ['s.agent_created_at', 's.agent_id'], key),
    keyOf: (row) => [asNumber(row.total), row.agent_created_at, row.id],
    toItem: (row, rank): SeasonRow => ({
      rank,
      agent: { id: row.id, handle: row.handle, displayName: row.display_name },
      total: asNumber(row.total),
      days: asNumber(row.days),
    }),
  });
  return { rows: items, next };
}
