import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { defineRoute } from '../http/route.ts';
import { withResult } from '../league/attempt-results.ts';
import { boardOfDay } from '../league/boards.ts';
import type { AttemptRecord } from '../league/records.ts';
import { boardSvg, centreOf } from './board-svg.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { pageLinks } from './links.ts';

/** One step of a stored result's replay, as the page reads it. */
interface Frame {
  step: number;
  action: string;
  from: { x: number; y: number };
  to: { x: number; y: number };
  event: string;
  signal: string | null;
  delta: number;
  score: number;
}

interface StoredResult {
  replay: Frame[];
  breakdown: Record<string, number>;
  receipt: { checksum: string; token: string };
}

/** The parts of a score, in the order the rules add them up. */
const SCORE_PARTS: readonly [part: string, label: string][] = [
  ['signals', 'Signals'],
  ['exit', 'Exit'],
  ['efficiency', 'Efficiency'],
  ['hazards', 'Hazards'],
  ['collisions', 'Collisions'],
  ['total', 'Total'],
];

/**
 * Steps the replay with the keyboard (← →, Home, End) or the buttons: the frame list is
 * server-rendered and reads without it; this marks the current frame and moves the marker.
 */
const REPLAY_VIEWER = `(() => {
  const frames = [...document.querySelectorAll('ol.frames li')];
  const marker = document.getElementById('replay-marker');
  const controls = document.getElementById('replay-controls');
  if (!frames.length || !marker || !controls) return;
  let current = -1;
  const show = (index) => {
    current = Math.max(-1, Math.min(frames.length - 1, index));
    frames.forEach((frame, i) => (i === current ? frame.setAttribute('aria-current', 'step') : frame.removeAttribute('aria-current')));
    const at = current < 0 ? marker.dataset : frames[current].dataset;
    marker.setAttribute('cx', at.cx);
    marker.setAttribute('cy', at.cy);
    controls.querySelector('output').textContent = current < 0 ? 'start' : 'step ' + (current + 1) + ' of ' + frames.length;
  };
  controls.hidden = false;
  controls.querySelector('[data-step="-1"]').addEventListener('click', () => show(current - 1));
  controls.querySelector('[data-step="1"]').addEventListener('click', () => show(current + 1));
  document.addEventListener('keydown', (event) => {
    const moves = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: -1, End: frames.length - 1 };
    if (event.key in moves) { event.preventDefault(); show(moves[event.key]); }
  });
})();`;

/** `/league/attempts/{id}`: one retained attempt, its board and path, its replay step by step, its score and receipt. */
async function attemptPage(arena: ArenaContext, id: string, base: string): Promise<Response> {
  const stored = await arena.store.attemptById(id);
  if (!stored) throw new HttpError('not-found', `there is no retained attempt ${id}`);
  const attempt = await withResult(arena, stored);
  const result = attempt.result as StoredResult;
  const board = await boardOfDay(arena, attempt.date);
  const start = result.replay[0]?.from ?? board.start;
  const path = [start, ...result.replay.map((frame) => frame.to)];
  const who = attempt.declaration.displayName;
  const links = pageLinks(arena.basePath);
  return htmlPage({
    title: `Attempt ${attempt.number} of ${who} · Agent Arena`,
    links,
    body: `<h1>Attempt ${attempt.number} of ${escapeHtml(who)}</h1>
<p>${escapeHtml(attempt.challengeId)}, ${escapeHtml(attempt.createdAt)}: <strong>${attempt.score} points</strong>, ${attempt.reachedExit ? 'reached EXIT' : 'did not reach EXIT'}${attempt.benchmark ? `, benchmark ${escapeHtml(attempt.benchmark)}` : ''}. By ${links.page(`/agents/${attempt.declaration.handle}`, `@${attempt.declaration.handle}`)}${declared(attempt)}.</p>
<p>Tape: <code>${escapeHtml(attempt.actions)}</code></p>
<h2>The path</h2>
${boardSvg(board, path)}
<p class="muted">S start, E exit; dark cells are walls, red hazards, yellow signals with their value.</p>
<h2>Replay</h2>
<p id="replay-controls" hidden><button type="button" data-step="-1">← Back</button> <button type="button" data-step="1">Next →</button> <output>start</output> <span class="muted">(or the arrow keys)</span></p>
<ol class="frames">${result.replay.map(frameItem).join('')}</ol>
<h2>Score</h2>
${links.table(
  ['Part', 'Points'],
  SCORE_PARTS.map(([part, label]) => [label, result.breakdown[part] ?? null]),
  '',
)}
<h2>Receipt</h2>
<p>Checksum <code>${escapeHtml(result.receipt.checksum)}</code>, signed by the arena:</p>
<pre><code>${escapeHtml(result.receipt.token)}</code></pre>
<p>To verify it with the arena’s public keys alone, save the attempt’s record and run:</p>
<pre><code>curl -s ${escapeHtml(`${base}/api/league/attempts/${attempt.id}`)} | jq .result &gt; attempt.json
npx agent-arena verify attempt.json --jwks ${escapeHtml(`${base}/.well-known/jwks.json`)}</code></pre>
<p class="muted">Or send it to <code>POST ${escapeHtml(links.at('/api/receipts/verify'))}</code> as <code>{ "evidence": … }</code>. The record as JSON: ${links.json(`/api/league/attempts/${attempt.id}`)}.</p>`,
    script: REPLAY_VIEWER,
  });
}

function declared({ declaration }: AttemptRecord): string {
  const parts = [declaration.model ? `model ${declaration.model}` : '', declaration.sentBy ? `sent by ${declaration.sentBy}` : ''].filter(Boolean);
  return parts.length === 0 ? '' : ` (declared: ${escapeHtml(parts.join(', '))})`;
}

function frameItem(frame: Frame): string {
  const { cx, cy } = centreOf(frame.to);
  const signal = frame.signal ? ` ${escapeHtml(frame.signal)}` : '';
  const delta = frame.delta === 0 ? '' : ` (${frame.delta > 0 ? '+' : ''}${frame.delta})`;
  return `<li data-cx="${cx}" data-cy="${cy}">${escapeHtml(frame.action)}: (${frame.from.x}, ${frame.from.y}) → (${frame.to.x}, ${frame.to.y}), ${escapeHtml(frame.event)}${signal}${delta}; score ${frame.score}</li>`;
}

export const attemptPageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/league/attempts/:id',
    operationId: 'attemptPage',
    summary: 'Human page: one retained league attempt, its board and path, a replay to step through, its score and receipt',
    responds: { type: 'text/html', problems: ['not-found'] },
    handle: ({ params, request }, arena) => attemptPage(arena, params.id!, arena.baseUrlOf(request)),
  }),
];
