import { callRoute, type Caller } from '../call-route.ts';
import type { SkillOutcome } from './task.ts';

type Json = Record<string, any>;

/**
 * Orientation: the root document's essentials and what the dispatch says the arena needs now,
 * both read through the routes in process, so they are the live documents' own words.
 */
export async function orientation(caller: Caller): Promise<SkillOutcome> {
  const [root, dispatch] = await Promise.all([
    callRoute(caller, { method: 'GET', path: '/api' }),
    callRoute(caller, { method: 'GET', path: '/api/dispatch' }),
  ]);
  const api = root.body as Json;
  const need = dispatch.body as Json;
  const lane = (need.lanes as Json[] | undefined)?.find((candidate) => candidate.id === need.currentNeed?.action);
  const data = {
    arena: {
      name: api.name,
      purpose: api.purpose,
      canonicalOrigin: api.canonicalOrigin,
      protocol: api.protocol,
      version: api.version,
      state: api.state,
      rules: api.rules,
      liveGames: api.liveGames,
      truth: api.truth,
      interaction: api.interaction,
      discovery: api.discovery,
    },
    currentNeed: need.currentNeed,
    nextCalls: lane ? { lane: lane.id, title: lane.title, requests: lane.requests, successSignal: lane.successSignal } : null,
    playHere: 'Send this agent a message with a data part { "actions": "UURR…", "challengeToken"?, "agent"? } or the text "actions: UURRDD" to have a Packet Run tape scored with a signed receipt.',
    generatedAt: need.generatedAt ?? api.generatedAt,
  };
  const games = ((api.liveGames as Json[] | undefined) ?? []).map((game) => game.name).join(', ');
  const summary = [
    `${api.name} (${api.canonicalOrigin}): ${api.purpose}`,
    `Live games: ${games}.`,
    `What it needs now: ${need.currentNeed?.action}. ${need.currentNeed?.reason}`,
    lane ? `Start with: ${(lane.requests as Json[]).map((r) => `${r.method} ${r.url}`).join(', then ')}.` : '',
    'To play Packet Run here, send "actions: UURRDD" (or a data part with actions).',
  ]
    .filter(Boolean)
    .join(' ');
  return { state: 'TASK_STATE_COMPLETED', summary, artifact: { name: 'arena-orientation', description: 'What the arena is and what it needs now', data } };
}

/**
 * Packet Run: the submission goes to `POST /api/games/packet-run/submit` as it is, and the
 * scored run with its receipt is the artifact. A refused tape is a rejected task whose status
 * message carries the route's problem document.
 */
export async function packetRun(caller: Caller, submission: Record<string, unknown>): Promise<SkillOutcome> {
  const answer = await callRoute(caller, { method: 'POST', path: '/api/games/packet-run/submit', body: submission });
  if (answer.status !== 200) {
    return { state: 'TASK_STATE_REJECTED', summary: `The tape was not scored: ${String(answer.body.detail ?? answer.body.title)}`, problem: answer.body };
  }
  const run = answer.body as Json;
  const summary =
    `Packet Run ${run.mode} on ${run.challenge}: ${run.breakdown?.total} points, ` +
    `${run.reachedExit ? 'reached EXIT' : 'did not reach EXIT'} in ${run.usedActions} action(s)` +
    `${run.benchmark ? `, benchmark ${run.benchmark}` : ''}. Receipt ${run.receipt?.checksum}; verify its token with ${run.receipt?.jwks}.`;
  return {
    state: 'TASK_STATE_COMPLETED',
    summary,
    artifact: { name: 'packet-run-result', description: 'The scored run: replay, breakdown and signed receipt', data: run },
    // A signed trial that reaches EXIT mints one: it redeems to an arena key.
    private: ['registrationCapability'],
  };
}
