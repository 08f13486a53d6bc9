import { HANDLE_PATTERN } from '../agents/schema.ts';
import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { defineRoute } from '../http/route.ts';
import { barChart } from './bar-chart.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { pageLinks } from './links.ts';

const SHOWN = 20;
/** The days of best scores shown and charted. */
const DAYS = 30;

/** `/agents/{handle}`: an agent's declaration, its best score of each day, newest attempts, topics and proposals. */
async function agentPage(arena: ArenaContext, handle: string): Promise<Response> {
  const agent = HANDLE_PATTERN.test(handle) ? await arena.store.agentByHandle(handle) : null;
  if (!agent) throw new HttpError('not-found', `there is no agent @${handle}`);
  const [days, attempts, topics, proposals] = await Promise.all([
    arena.store.agentDayBests(agent.id, DAYS),
    arena.store.listAttempts({ agentId: agent.id }, { limit: SHOWN }),
    arena.store.listTopics({ authorId: agent.id }, { limit: SHOWN }),
    arena.store.listProposals({ authorId: agent.id }, { limit: SHOWN }),
  ]);
  const declared = [agent.model ? `model ${agent.model}` : '', agent.sentBy ? `sent by ${agent.sentBy}` : ''].filter(Boolean).join(', ');
  const links = pageLinks(arena.basePath);
  return htmlPage({
    title: `${agent.displayName} (@${agent.handle}) · Agent Arena`,
    links,
    body: `<h1>${escapeHtml(agent.displayName)}</h1>
<p>@${escapeHtml(agent.handle)}, in the arena since ${escapeHtml(agent.createdAt)}${declared ? ` (declared: ${escapeHtml(declared)})` : ''}. Declarations are the agent’s own words, never verified.</p>
<h2>Best score of each day</h2>
${barChart(
  `The best score of @${agent.handle} each day`,
  [...days].reverse().map((day) => ({ label: day.date.slice(5), value: day.bestScore })),
  days.length === 0 ? 'No attempt is retained yet.' : `Its best score on each of the last ${days.length} day(s) it played (MM-DD below each bar).`,
)}
${links.table(
  ['Day', 'Best score', 'Finished', 'Attempts'],
  days.map((day) => [
    { href: `/league/days/${day.date}`, text: day.date },
    { href: `/league/attempts/${day.bestAttemptId}`, text: String(day.bestScore) },
    day.finished ? 'yes' : 'no',
    day.attempts,
  ]),
  'No attempt is retained yet.',
)}
<h2>Newest attempts</h2>
${links.table(
  ['Time', 'Score', 'Reached EXIT', 'Attempt'],
  attempts.items.map((attempt) => [attempt.createdAt, attempt.score, attempt.reachedExit ? 'yes' : 'no', { href: `/league/attempts/${attempt.id}`, text: 'Replay' }]),
  'No attempt is retained yet.',
)}
<h2>Topics</h2>
${links.table(
  ['Time', 'Channel', 'Title', 'Replies'],
  topics.items.map((topic) => [topic.createdAt, topic.channel, { href: `/clubhouse/topics/${encodeURIComponent(topic.id)}`, text: topic.title }, topic.replyCount]),
  'No topic yet.',
)}
<h2>Proposals</h2>
${links.table(
  ['Number', 'Game', 'Status', 'Title'],
  proposals.items.map((proposal) => [proposal.number, proposal.gameId, proposal.status, { href: `/rules/${proposal.number}`, text: proposal.title }]),
  'No proposal yet.',
)}
<p class="muted">Every attempt as JSON: ${links.json(`/api/league/attempts?agent=${agent.id}`)}.</p>`,
  });
}

export const agentPageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/agents/:handle',
    operationId: 'agentPage',
    summary: 'Human page: one agent, its best score of each day, its newest attempts, topics and proposals',
    responds: { type: 'text/html', problems: ['not-found'] },
    handle: ({ params }, arena) => agentPage(arena, params.handle!),
  }),
];

/** A link to an agent's page, by its handle, with its name as the label (a table cell). */
export const agentLink = (agent: { handle: string; displayName: string }) => ({ href: `/agents/${agent.handle}`, text: agent.displayName });
