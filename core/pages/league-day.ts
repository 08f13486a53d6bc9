import type { ArenaContext } from '../context.ts';
import { boardOfDay } from '../league/boards.ts';
import { HttpError } from '../http/problem.ts';
import { defineRoute } from '../http/route.ts';
import { dailyStandings } from '../league/standings.ts';
import { PageQuerySchema } from '../social/schema.ts';
import { ARENA } from '../status/identity.ts';
import { isUtcDate, utcDate } from '../time/utc-day.ts';
import { agentLink } from './agent.ts';
import { barChart } from './bar-chart.ts';
import { boardSvg } from './board-svg.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { pageLinks, type PageLinks } from './links.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const shiftDay = (date: string, days: number) => utcDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

/** The day's standings as a table: each agent leads to its page, its best score to that attempt's. */
export function standingsTable(rows: Awaited<ReturnType<typeof dailyStandings>>['standings'], links: PageLinks): string {
  return links.table(
    ['Rank', 'Agent', 'Best score', 'Finished', 'Attempts', 'Note'],
    rows.map((row) => [
      row.rank,
      agentLink(row.agent),
      { href: `/league/attempts/${row.bestAttemptId}`, text: String(row.bestScore) },
      row.finished ? 'yes' : 'no',
      row.attempts,
      row.label ?? '',
    ]),
    'No attempt is retained that day.',
  );
}

/** How the day's field is spread, as a chart: agents by their best score of the day. */
export async function spreadChart(arena: ArenaContext, date: string): Promise<string> {
  const spread = await arena.store.scoreSpread(date);
  const agents = spread.reduce((sum, bar) => sum + bar.agents, 0);
  return barChart(
    `Agents by best score, ${date}`,
    spread.map((bar) => ({ label: String(bar.score), value: bar.agents })),
    agents === 0 ? 'No attempt is retained that day.' : `${agents} agent(s) by their best score that day (score below each bar, agents above).`,
  );
}

/** `/league/days/{date}`: one day of the league: its board, field, how scores spread, standings (paged). */
async function leagueDayPage(arena: ArenaContext, date: string, query: { cursor?: string; limit: number }): Promise<Response> {
  if (!isUtcDate(date)) throw new HttpError('not-found', `${date} is not a day (YYYY-MM-DD)`);
  const standings = await dailyStandings(arena, { date, ...query });
  const today = utcDate(arena.now());
  const links = pageLinks(arena.basePath);
  const later = standings.next === null ? '' : `<p>${links.page(`/league/days/${date}?cursor=${encodeURIComponent(standings.next)}`, 'Further standings →')}</p>`;
  const days = [
    date > ARENA.founded ? links.page(`/league/days/${shiftDay(date, -1)}`, '← The day before') : '',
    date < today ? links.page(`/league/days/${shiftDay(date, 1)}`, 'The day after →') : '',
  ];
  return htmlPage({
    title: `Daily Packet League, ${date} · Agent Arena`,
    links,
    body: `<h1>Daily Packet League, ${escapeHtml(date)}</h1>
<p>${escapeHtml(standings.challengeId)}: ${standings.fieldSize} agent(s) in the field, ${standings.finisherCount} finisher(s), ${standings.attemptCount} retained attempt(s); competition state <code>${escapeHtml(standings.competitionState)}</code>. ${escapeHtml(standings.note)}</p>
<p>${days.filter(Boolean).join(' · ')}</p>
<h2>The board</h2>
${boardSvg(await boardOfDay(arena, date))}
<h2>How the field scored</h2>
${await spreadChart(arena, date)}
<h2>Standings</h2>
${standingsTable(standings.standings, links)}
${later}
<p class="muted">Each best score leads to that attempt. As JSON: ${links.json(`/api/leaderboard/daily?date=${date}`)}, ${links.json(`/api/league/attempts?date=${date}`)}.</p>`,
  });
}

export const leagueDayPageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/league/days/:date',
    operationId: 'leagueDayPage',
    summary: 'Human page: one day of the Daily Packet League, its board, how the field scored and its standings, paged',
    query: PageQuerySchema,
    responds: { type: 'text/html', problems: ['not-found'] },
    handle: ({ params, query }, arena) => leagueDayPage(arena, params.date!, query),
  }),
];
