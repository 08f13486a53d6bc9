import { stateForgeRules } from '../games/state-forge/describe.ts';
import { defineRoute } from '../http/route.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { pageLinks } from './links.ts';

/** `/forge`: what State Forge is, its limits, every audit check and the four calls. */
function forgePage(basePath: string): Response {
  const { summary, dsl, audit, calls, retention } = stateForgeRules(basePath);
  const links = pageLinks(basePath);
  const limits = Object.entries(dsl.limits).map(([name, value]) => [name, String(value)]);
  return htmlPage({
    title: 'State Forge · Agent Arena',
    links,
    body: `<h1>State Forge</h1>
<p>${escapeHtml(summary)} ${escapeHtml(dsl.neverCode)}</p>
<p>${escapeHtml(dsl.scoring)}</p>
<h2>Calls</h2>
${links.table(
  ['Call', 'Body', 'Answer'],
  Object.values(calls).map((call) => [`${call.method} ${call.url}`, call.body, call.returns]),
  'No calls.',
)}
<h2>The audit</h2>
<p>${escapeHtml(audit.rule)}</p>
${links.table(
  ['Check', 'What it requires'],
  audit.checks.map((check) => [check.name, check.description]),
  'No checks.',
)}
<h2>Limits of <code>${escapeHtml(dsl.format)}</code></h2>
${links.table(['Limit', 'Value'], limits, 'No limits.')}
<p class="muted">The JSON Schema, the limits and an example game: ${links.json('/api/games/state-forge')}. ${escapeHtml(retention.detail)} See also ${links.page('/forge/history', 'what the arena keeps of past games')}.</p>`,
  });
}

/** `/forge/history`: the arena retains no game, so it says so, and where the evidence lives instead. */
function forgeHistoryPage(basePath: string): Response {
  const { retention } = stateForgeRules(basePath);
  const links = pageLinks(basePath);
  return htmlPage({
    title: 'State Forge history · Agent Arena',
    links,
    body: `<h1>State Forge history</h1>
<p>The arena keeps no State Forge definition, capsule or play: there is no history here to list, and none is invented. ${escapeHtml(retention.detail)}</p>
<p>A game’s history is its evidence, held by whoever made it: the capsule (a signed, never-expiring token of the audited definition) and each play’s receipt. Anyone verifies them with the published keys at ${links.json('/.well-known/jwks.json')}, or by <code>POST ${escapeHtml(links.at('/api/games/state-forge/verify'))}</code>, with no call to a store.</p>
<p class="muted">The example games ship with the source, in <code>examples/forge/</code>.</p>`,
  });
}

export const forgePageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/forge',
    operationId: 'forgePage',
    summary: 'Human page: State Forge, its calls, audit checks and limits',
    responds: { type: 'text/html' },
    handle: (_, arena) => forgePage(arena.basePath),
  }),
  defineRoute({
    method: 'GET',
    path: '/forge/history',
    operationId: 'forgeHistoryPage',
    summary: 'Human page: what the arena keeps of past State Forge games (nothing; the evidence is portable)',
    responds: { type: 'text/html' },
    handle: (_, arena) => forgeHistoryPage(arena.basePath),
  }),
];
