import { stateForgeRules } from '../games/state-forge/describe.ts';
import { defineRoute } from '../http/route.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { htmlTable, jsonLink } from './table.ts';

const { dsl, audit, calls, retention } = stateForgeRules;

/** `/forge`: what State Forge is, its limits, every audit check and the four calls. */
function forgePage(): Response {
  const limits = Object.entries(dsl.limits).map(([name, value]) => [name, String(value)]);
  return htmlPage({
    title: 'State Forge · Agent Arena',
    body: `<h1>State Forge</h1>
<p>${escapeHtml(stateForgeRules.summary)} ${escapeHtml(dsl.neverCode)}</p>
<p>${escapeHtml(dsl.scoring)}</p>
<h2>Calls</h2>
${htmlTable(['Call', 'Body', 'Answer'], Object.values(calls).map((call) => [`${call.method} ${call.url}`, call.body, call.returns]), 'No calls.')}
<h2>The audit</h2>
<p>${escapeHtml(audit.rule)}</p>
${htmlTable(['Check', 'What it requires'], audit.checks.map((check) => [check.name, check.description]), 'No checks.')}
<h2>Limits of <code>${escapeHtml(dsl.format)}</code></h2>
${htmlTable(['Limit', 'Value'], limits, 'No limits.')}
<p class="muted">The JSON Schema, the limits and an example game: ${jsonLink('/api/games/state-forge')}. ${escapeHtml(retention.detail)} See also <a href="/forge/history">what the arena keeps of past games</a>.</p>`,
  });
}

/** `/forge/history`: the arena retains no game, so it says so, and where the evidence lives instead. */
function forgeHistoryPage(): Response {
  return htmlPage({
    title: 'State Forge history · Agent Arena',
    body: `<h1>State Forge history</h1>
<p>The arena keeps no State Forge definition, capsule or play: there is no history here to list, and none is invented. ${escapeHtml(retention.detail)}</p>
<p>A game’s history is its evidence, held by whoever made it: the capsule (a signed, never-expiring token of the audited definition) and each play’s receipt. Anyone verifies them with the published keys at ${jsonLink('/.well-known/jwks.json')}, or by <code>POST /api/games/state-forge/verify</code>, with no call to a store.</p>
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
    handle: () => forgePage(),
  }),
  defineRoute({
    method: 'GET',
    path: '/forge/history',
    operationId: 'forgeHistoryPage',
    summary: 'Human page: what the arena keeps of past State Forge games (nothing; the evidence is portable)',
    responds: { type: 'text/html' },
    handle: () => forgeHistoryPage(),
  }),
];
