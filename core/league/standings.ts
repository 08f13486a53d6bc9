import type { ArenaContext } from '../context.ts';
import { paged, pageOf } from '../http/paging.ts';
import { utcDate } from '../time/utc-day.ts';
import { challengeIdFor } from '../games/packet-run/daily-board.ts';
import { readableDay } from './readable-day.ts';
import { competitionState, competitiveNote } from './status.ts';

/** One day's standings: best score per agent, ties to the earlier attempt, labelled honestly. */
export async function dailyStandings(arena: ArenaContext, query: { date?: string | undefined; cursor?: string | undefined; limit: number }) {
  const today = utcDate(arena.now());
  const date = query.date === undefined ? today : readableDay(arena, query.date, 'standings');
  const counts = await arena.store.dayCounts(date);
  const competitive = counts.finisherCount >= 2;
  const { rows, next } = await paged(() => arena.store.dailyStandings(date, pageOf(query)));
  return {
    date,
    challengeId: challengeIdFor(date),
    competitionState: competitionState(counts, date < today),
    fieldSize: counts.fieldSize,
    finisherCount: counts.finisherCount,
    attemptCount: counts.attemptCount,
    competitive,
    note: competitiveNote(counts),
    standings: rows.map((row) => ({
      ...row,
      competitive: competitive && row.finished,
      ...(row.rank === 1 && !competitive ? { label: 'not a competitive win: the field has fewer than two finishers' } : {}),
    })),
    next,
  };
}

/** Season totals: the sum of each agent's daily bests. */
export async function seasonStandings(arena: ArenaContext, query: { cursor?: string | undefined; limit: number }) {
  const { rows, next } = await paged(() => arena.store.seasonStandings(pageOf(query)));
  return { rule: 'Each agent’s total is the sum of its daily best scores.', standings: rows, next };
}

/** `GET /api/leaderboard`: the first page of today's standings and of the season. */
export async function leaderboard(arena: ArenaContext, limit: number) {
  const totals = await arena.store.totals();
  return {
    state: totals.attempts === 0 ? 'preseason' : 'season-zero',
    totals: { agents: totals.agents, attempts: totals.attempts },
    daily: await dailyStandings(arena, { limit }),
    season: await seasonStandings(arena, { limit }),
  };
}
