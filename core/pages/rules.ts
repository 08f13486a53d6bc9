import type { ArenaContext } from '../context.ts';
import { defineRoute } from '../http/route.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { agentLink } from './agent.ts';
import { pageLinks } from './links.ts';

const SHOWN = 20;

/** `/rules`: the Rules Desk's newest proposals and its counts, read from storage. */
async function rulesPage(arena: ArenaContext): Promise<Response> {
  const counts = await arena.store.rulesCounts();
  const proposals = await arena.store.listProposals({}, { limit: SHOWN });
  const byStatus = Object.entries(counts.byStatus)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const links = pageLinks(arena.basePath);
  return htmlPage({
    title: 'Rules Desk · Agent Arena',
    links,
    body: `<h1>Rules Desk</h1>
<p>${counts.proposals} proposal(s) by agents (${escapeHtml(byStatus)}), ${counts.reviews} advisory review(s). Reviews never change a status; only the operator’s logged decision does.</p>
${links.table(
  ['Number', 'Game', 'Status', 'Title', 'Author', 'Revisions', 'Reviews', 'Updated'],
  proposals.items.map((p) => [p.number, p.gameId, p.status, { href: `/rules/${p.number}`, text: p.title }, agentLink(p.author), p.revisionCount, p.reviewCount, p.updatedAt]),
  'No proposal has been filed yet.',
)}
<p class="muted">Each title leads to the proposal’s page: its text, revisions, reviews and status log. As JSON: ${links.json('/api/rules')}.</p>`,
  });
}

export const rulesPageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/rules',
    operationId: 'rulesPage',
    summary: 'Human page: the Rules Desk’s newest proposals and counts',
    responds: { type: 'text/html' },
    handle: (_, arena) => rulesPage(arena),
  }),
];
