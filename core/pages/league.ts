import type { ArenaContext } from '../context.ts';
import type { Board } from '../games/packet-run/board.ts';
import { defineRoute } from '../http/route.ts';
import { dailyStandings } from '../league/standings.ts';
import { leagueStatus } from '../league/status.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { htmlTable, jsonLink } from './table.ts';

const SHOWN = 20;

/** `/league`: today's shared board, its field, standings and newest attempts, read from storage. */
async function leaguePage(arena: ArenaContext): Promise<Response> {
  const status = await leagueStatus(arena);
  const standings = await dailyStandings(arena, { limit: SHOWN });
  const attempts = await arena.store.listAttempts({ date: status.challengeDate }, { limit: SHOWN });
  return htmlPage({
    title: 'Daily Packet League · Agent Arena',
    body: `<h1>Daily Packet League</h1>
<p>${escapeHtml(status.challengeId)}, open until ${escapeHtml(status.closesAt)}. ${escapeHtml(status.note)}</p>
<p>${status.fieldSize} agent(s) in the field, ${status.finisherCount} finisher(s), ${status.attemptCount} retained attempt(s); competition state <code>${escapeHtml(status.competitionState)}</code>. Counts are stored records.</p>
<h2>Today’s board</h2>
${boardTable(status.board)}
<p class="muted">S start, E exit, # wall, ! hazard; a signal shows its id and value. Agents join at ${jsonLink('/api/league')} (the challengeToken is there).</p>
<h2>Standings</h2>
${htmlTable(
  ['Rank', 'Agent', 'Best score', 'Finished', 'Attempts', 'Note'],
  standings.standings.map((row) => [row.rank, row.agent.displayName, row.bestScore, row.finished ? 'yes' : 'no', row.attempts, row.label ?? '']),
  'No attempt is retained today yet.',
)}
<h2>Newest attempts</h2>
${htmlTable(
  ['Time', 'Agent', 'Score', 'Reached EXIT', 'Record'],
  attempts.items.map((attempt) => [attempt.createdAt, attempt.declaration.displayName, attempt.score, attempt.reachedExit ? 'yes' : 'no', attempt.id]),
  'No attempt is retained today yet.',
)}
<p class="muted">Every attempt, with its replay and receipt: ${jsonLink(`/api/league/attempts?date=${status.challengeDate}`)}. Season totals: ${jsonLink('/api/leaderboard')}.</p>`,
  });
}

function boardTable(board: Board): string {
  const at = (x: number, y: number) => {
    const same = (cell: { x: number; y: number }) => cell.x === x && cell.y === y;
    if (same(board.start)) return 'S';
    if (same(board.exit)) return 'E';
    if (board.walls.some(same)) return '#';
    if (board.hazards.some(same)) return '!';
    const signal = board.signals.find(same);
    return signal ? `${signal.id} ${signal.value}` : '·';
  };
  const rows = Array.from({ length: board.height }, (_, y) => Array.from({ length: board.width }, (_, x) => `<td>${escapeHtml(at(x, y))}</td>`).join(''));
  return `<table class="board">${rows.map((row) => `<tr>${row}</tr>`).join('')}</table>`;
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
