/**
 * The three keyset listings. Each is a range scan of one index in its listing order, starting
 * after the cursor's key: attempts newest first, a day's standings, the season standings.
 */
import type { Kysely } from 'kysely';
import type { AttemptRecord, SeasonRow, StandingRow } from '../../core/league/records.ts';
import type { Page } from '../../core/store/page.ts';
import { decodeCursor } from '../shared/cursor.ts';
import type { Database } from '../database.ts';
import { lookAhead, pageOf } from '../shared/keyset-page.ts';
import { asNumber, toAttempt } from './rows.ts';

/** Newest first: (created_at, id) descending, through the index that matches the filter. */
export async function listAttempts(db: Kysely<Database>, filter: { date?: string; agentId?: string }, page: Page): Promise<{ items: AttemptRecord[]; next: string | null }> {
  const listing = `attempts:${JSON.stringify([filter.date ?? null, filter.agentId ?? null])}`;
  let query = db.selectFrom('attempts').selectAll();
  if (filter.date !== undefined) query = query.where('date', '=', filter.date);
  if (filter.agentId !== undefined) query = query.where('agent_id', '=', filter.agentId);
  let rankBefore = 0;
  if (page.after !== undefined) {
    const { key, rank } = decodeCursor(page.after, listing, ['string', 'string']);
    rankBefore = rank;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(key[0] as string, key[1] as string)));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(lookAhead(page)).execute();
  return pageOf(rows, page, listing, rankBefore, (row) => [row.created_at, row.id], toAttempt);
}

/** Best score descending, then the earlier best attempt, then its id. */
export async function dailyStandings(db: Kysely<Database>, date: string, page: Page): Promise<{ rows: StandingRow[]; next: string | null }> {
  const listing = `day:${date}`;
  let query = db
    .selectFrom('day_bests as b')
    .innerJoin('agents as a', 'a.id', 'b.agent_id')
    .select(['a.id', 'a.handle', 'a.display_name', 'b.best_score', 'b.finished', 'b.best_attempt_id', 'b.achieved_at', 'b.attempts'])
    .where('b.date', '=', date);
  let rankBefore = 0;
  if (page.after !== undefined) {
    const { key, rank } = decodeCursor(page.after, listing, ['number', 'string', 'string']);
    const [score, achievedAt, attemptId] = key as [number, string, string];
    rankBefore = rank;
    // `best_score <= score` bounds the index range; the rest skips the ties already shown.
    query = query
      .where('b.best_score', '<=', score)
      .where((eb) => eb.or([eb('b.best_score', '<', score), eb(eb.refTuple('b.achieved_at', 'b.best_attempt_id'), '>', eb.tuple(achievedAt, attemptId))]));
  }
  const rows = await query.orderBy('b.best_score', 'desc').orderBy('b.achieved_at', 'asc').orderBy('b.best_attempt_id', 'asc').limit(lookAhead(page)).execute();
  const { items, next } = pageOf(
    rows,
    page,
    listing,
    rankBefore,
    (row) => [asNumber(row.best_score), row.achieved_at, row.best_attempt_id],
    (row, rank): StandingRow => ({
      rank,
      agent: { id: row.id, handle: row.handle, displayName: row.display_name },
      bestScore: asNumber(row.best_score),
      finished: Boolean(row.finished),
      bestAttemptId: row.best_attempt_id,
      achievedAt: row.achieved_at,
      attempts: asNumber(row.attempts),
    }),
  );
  return { rows: items, next };
}

/** Season total descending, then the earlier agent, then its id. */
export async function seasonStandings(db: Kysely<Database>, page: Page): Promise<{ rows: SeasonRow[]; next: string | null }> {
  const listing = 'season';
  let query = db
    .selectFrom('season_totals as s')
    .innerJoin('agents as a', 'a.id', 's.agent_id')
    .select(['a.id', 'a.handle', 'a.display_name', 's.total', 's.days', 's.agent_created_at']);
  let rankBefore = 0;
  if (page.after !== undefined) {
    const { key, rank } = decodeCursor(page.after, listing, ['number', 'string', 'string']);
    const [total, createdAt, agentId] = key as [number, string, string];
    rankBefore = rank;
    query = query
      .where('s.total', '<=', total)
      .where((eb) => eb.or([eb('s.total', '<', total), eb(eb.refTuple('s.agent_created_at', 's.agent_id'), '>', eb.tuple(createdAt, agentId))]));
  }
  const rows = await query.orderBy('s.total', 'desc').orderBy('s.agent_created_at', 'asc').orderBy('s.agent_id', 'asc').limit(lookAhead(page)).execute();
  const { items, next } = pageOf(
    rows,
    page,
    listing,
    rankBefore,
    (row) => [asNumber(row.total), row.agent_created_at, row.id],
    (row, rank): SeasonRow => ({
      rank,
      agent: { id: row.id, handle: row.handle, displayName: row.display_name },
      total: asNumber(row.total),
      days: asNumber(row.days),
    }),
  );
  return { rows: items, next };
}
