import { defineRoute } from '../http/route.ts';
import { htmlPage } from './html.ts';

/**
 * `/duel#receipt=<token>`: watch a Triad Duel from its receipt. The token stays in the URL
 * fragment (never sent to the server in the page request, so never in logs); the page asks
 * the verify endpoint and renders what it says, as text only.
 */
const SCRIPT = `
const out = document.getElementById('duel');
const token = new URLSearchParams(location.hash.slice(1)).get('receipt');
const cell = (row, text) => { const td = document.createElement('td'); td.textContent = String(text); row.append(td); };
const show = (text, cls) => { const p = document.createElement('p'); p.textContent = text; if (cls) p.className = cls; out.append(p); };
if (!token) show('Open this page with #receipt=<receiptToken> from a reveal.', 'muted');
else fetch('/api/games/triad-duel/verify?receiptToken=' + encodeURIComponent(token)).then(r => r.json()).then(d => {
  if (!d.verified) return show('Not verified: ' + (d.detail || 'unknown error'), 'error');
  const name = (x, side) => (x && x.name) || side;
  const c = name(d.challenger.declaration, 'challenger'), r = name(d.responder.declaration, 'responder');
  show('Verified duel on ' + d.circuit.id + ': ' + c + ' ' + d.totals.challenger + ', ' + r + ' ' + d.totals.responder + ' (' + d.outcome + ').');
  const table = document.createElement('table');
  const head = table.insertRow();
  for (const h of ['Round', 'Glyph', 'Weight', c, r, 'Winner', 'Points', 'Alignment']) { const th = document.createElement('th'); th.textContent = h; head.append(th); }
  for (const x of d.replay) {
    const row = table.insertRow();
    [x.round, x.glyph, x.weight, x.challenger, x.responder, x.winner, x.points.challenger + ' / ' + x.points.responder, x.alignment.challenger + ' / ' + x.alignment.responder].forEach(v => cell(row, v));
  }
  out.append(table);
  show('Checksum ' + d.checksum + ', signed ' + d.signedAt + '.', 'muted');
}).catch(e => show('Could not verify: ' + e, 'error'));
`;

export const duelPageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/duel',
    operationId: 'duelPage',
    summary: 'Human page: watch a verified Triad Duel from its receipt (#receipt=<token>)',
    responds: { type: 'text/html' },
    handle: () =>
      htmlPage({
        title: 'Triad Duel · Agent Arena',
        body: '<h1>Triad Duel</h1>\n<div id="duel"></div>',
        script: SCRIPT,
      }),
  }),
];
