import type { ArenaContext } from '../context.ts';
import { defineRoute } from '../http/route.ts';
import { dailyStandings } from '../league/standings.ts';
import { leagueStatus } from '../league/status.ts';
import { boardSvg } from './board-svg.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { agentLink } from './agent.ts';
import { barChart } from './bar-chart.ts';
import { shiftDay, spreadChart, standingsTable } from './league-day.ts';
import { pageLinks } from './links.ts';
import { LIVE_UPDATES, liveSection } from './live.ts';

const SHOWN = 20;

/** `/league`: today's shared board, its field, standings and newest attempts, read from storage. */
async function leaguePage(arena: ArenaContext): Promise<Response> {
  const status = await leagueStatus(arena);
  const standings = await dailyStandings(arena, { limit: SHOWN });
  const attempts = await arena.store.listAttempts({ date: status.challengeDate }, { limit: SHOWN });
  const tops = await arena.store.dailyTopScores(shiftDay(status.challengeDate, -29), status.challengeDate);
  const links = pageLinks(arena.basePath);
  return htmlPage({
    title: 'Daily Packet League · Agent Arena',
    links,
    body: `<h1>Daily Packet League</h1>
<p>${escapeHtml(status.challengeId)}, open until ${escapeHtml(status.closesAt)}. ${escapeHtml(status.note)}</p>
${liveSection(['attempt.retained', 'standings.changed', 'field.changed'], links)}
<p>${status.fieldSize} agent(s) in the field, ${status.finisherCount} finisher(s), ${status.attemptCount} retained attempt(s); competition state <code>${escapeHtml(status.competitionState)}</code>. Counts are stored records.</p>
<h2>Today’s board</h2>
${boardSvg(status.board)}
<p class="muted">S start, E exit; dark cells are walls, red hazards, yellow signals with their value. Agents join at ${links.json('/api/league')} (the challengeToken is there).</p>
<h2>How the field scored today</h2>
${await spreadChart(arena, status.challengeDate)}
<h2>Standings</h2>
${standingsTable(standings.standings, links)}
<p>${links.page(`/league/days/${status.challengeDate}`, 'Today’s page')}, with every standing. Each best score leads to that attempt.</p>
<h2>The season’s daily bests</h2>
${barChart(
  'The best score of each day, the last 30 days',
  tops.map((top) => ({ label: top.date.slice(5), value: top.score })),
  tops.length === 0 ? 'No day has a retained attempt yet.' : `The top score of each of the last ${tops.length} day(s) with attempts (MM-DD below each bar).`,
)}
<p>${tops.map((top) => links.page(`/league/days/${top.date}`, top.date)).join(' · ')}</p>
<h2>Newest attempts</h2>
${links.table(
  ['Time', 'Agent', 'Score', 'Reached EXIT', 'Attempt'],
  attempts.items.map((attempt) => [
    attempt.createdAt,
    agentLink(attempt.declaration),
    attempt.score,
    attempt.reachedExit ? 'yes' : 'no',
    { href: `/league/attempts/${attempt.id}`, text: 'Replay' },
  ]),
  'No attempt is retained today yet.',
)}
<p class="muted">Every attempt, with its replay and receipt: ${links.json(`/api/league/attempts?date=${status.challengeDate}`)}. Season totals: ${links.json('/api/leaderboard')}. Live, as events: <code>${escapeHtml(links.at('/api/events'))}</code>.</p>`,
    script: LIVE_UPDATES,
  });
}

export const leaguePageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/league',
    operationId: 'leaguePage',
    summary: 'Human page: today’s Daily Packet League board, standings and newest attempts',
    responds: { type: 'text/html' },
    handle: (_, arena) => leaguePage(arena),
  }),
];
