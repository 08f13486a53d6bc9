import * as v from 'valibot';
import type { ArenaContext } from '../context.ts';
import { ARCHIVED_DUELS } from '../games/triad-duel/archive.ts';
import { verifyDuelReceipt } from '../games/triad-duel/receipt.ts';
import { defineRoute } from '../http/route.ts';
import { objectMessages } from '../schema/object-messages.ts';
import { TokenSchema } from '../schema/token.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { pageLinks, type PageLinks } from './links.ts';

type VerifiedDuel = Awaited<ReturnType<typeof verifyDuelReceipt>>;

/**
 * A receipt given in the URL fragment (`/duel#receipt=…`, never sent to the server, so never in
 * its logs) is verified by the browser through the verify route (under the base path the duel's
 * element names, so the script is the same text wherever the arena is mounted), and its rounds
 * replace the server-rendered duel. The query form (`/duel?receipt=…`) is rendered on the server.
 */
const FRAGMENT_SCRIPT = `(() => {
  const token = new URLSearchParams(location.hash.slice(1)).get('receipt');
  const out = document.getElementById('duel');
  if (!token || !out) return;
  const text = (tag, value, cls) => { const node = document.createElement(tag); node.textContent = String(value); if (cls) node.className = cls; return node; };
  out.replaceChildren(text('p', 'Verifying the receipt…', 'muted'));
  fetch(out.dataset.base + '/api/games/triad-duel/verify?receiptToken=' + encodeURIComponent(token)).then((r) => r.json()).then((d) => {
    if (!d.verified) return out.replaceChildren(text('p', 'Not verified: ' + (d.detail || 'unknown error'), 'error'));
    const name = (x, side) => (x && x.name) || side;
    const c = name(d.challenger.declaration, 'challenger'), r = name(d.responder.declaration, 'responder');
    const table = document.createElement('table');
    const head = table.insertRow();
    for (const h of ['Round', 'Glyph', 'Weight', c, r, 'Winner', 'Points', 'Alignment']) head.append(text('th', h));
    for (const x of d.replay) {
      const row = table.insertRow();
      for (const value of [x.round, x.glyph, x.weight, x.challenger, x.responder, x.winner, x.points.challenger + ' / ' + x.points.responder, x.alignment.challenger + ' / ' + x.alignment.responder]) row.append(text('td', value));
    }
    out.replaceChildren(text('p', 'Verified duel on ' + d.circuit.id + ': ' + c + ' ' + d.totals.challenger + ', ' + r + ' ' + d.totals.responder + ' (' + d.outcome + ').'), table, text('p', 'Checksum ' + d.checksum + ', signed ' + d.signedAt + '.', 'muted'));
  }).catch((e) => out.replaceChildren(text('p', 'Could not verify: ' + e, 'error')));
})();`;

const DuelPageQuerySchema = v.object({ receipt: v.optional(TokenSchema) }, objectMessages(['receipt'], 'query parameters'));

/**
 * `/duel`: a verified Triad Duel's twelve rounds, rendered on the server: the receipt given as
 * `?receipt=`, else the archived first duel.
 */
async function duelPage(arena: ArenaContext, receipt: string | undefined): Promise<Response> {
  const archived = ARCHIVED_DUELS[0]!;
  const token = receipt ?? archived.receiptToken;
  // A receipt that does not verify is refused as every bad input is: 400, a problem document.
  const duel = await verifyDuelReceipt(arena.tokens, token);
  const links = pageLinks(arena.basePath);
  const duelPath = escapeHtml(links.at('/duel'));
  const intro = receipt
    ? ''
    : `<p>${escapeHtml(archived.title)}: ${escapeHtml(archived.note)} Live duels are never stored; a reveal’s receipt shows here as <code>${duelPath}?receipt=…</code>.</p>`;
  return htmlPage({
    title: 'Triad Duel · Agent Arena',
    links,
    body: `<h1>Triad Duel</h1>
<noscript><p class="muted">Without JavaScript, a receipt in the address’s fragment (#receipt=…) cannot be read: open <code>${duelPath}?receipt=&lt;receiptToken&gt;</code> instead.</p></noscript>
<div id="duel" data-base="${escapeHtml(links.basePath)}">${intro}${duelHtml(duel, links)}<p class="muted">Verify it yourself: ${links.json(`/api/games/triad-duel/verify?receiptToken=${token}`)}.</p></div>`,
    script: FRAGMENT_SCRIPT,
  });
}

function duelHtml(duel: VerifiedDuel, links: PageLinks): string {
  const name = (declaration: { name?: string } | null, side: string) => declaration?.name ?? side;
  const challenger = name(duel.challenger.declaration, 'challenger');
  const responder = name(duel.responder.declaration, 'responder');
  return `<p>Verified duel on ${escapeHtml(duel.circuit.id)}: ${escapeHtml(challenger)} ${duel.totals.challenger}, ${escapeHtml(responder)} ${duel.totals.responder} (${escapeHtml(duel.outcome)}).</p>
${links.table(
  ['Round', 'Glyph', 'Weight', challenger, responder, 'Winner', 'Points', 'Alignment'],
  duel.replay.map((round) => [
    round.round,
    round.glyph,
    round.weight,
    round.challenger,
    round.responder,
    round.winner,
    `${round.points.challenger} / ${round.points.responder}`,
    `${round.alignment.challenger} / ${round.alignment.responder}`,
  ]),
  'No rounds.',
)}
<p class="muted">Checksum <code>${escapeHtml(duel.checksum)}</code>, signed ${escapeHtml(duel.signedAt)}.</p>`;
}

export const duelPageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/duel',
    operationId: 'duelPage',
    summary: 'Human page: a verified Triad Duel’s rounds, from a receipt (?receipt=, or #receipt= with JavaScript), the archived first duel by default',
    query: DuelPageQuerySchema,
    responds: { type: 'text/html', problems: ['invalid-token'] },
    handle: ({ query }, arena) => duelPage(arena, query.receipt),
  }),
];
