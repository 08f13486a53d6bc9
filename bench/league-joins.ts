/**
 * Agents joined on an arena over HTTP, ready to submit: each one's arena key, and its join as
 * the arena answered it, which the minimal submit is seeded with (bench/servers/submit/seed.ts)
 * so both servers start every agent's day alike.
 */
import type { JoinedAgent } from './servers/submit/seed.ts';
import { keyDigest } from '../core/agents/keys.ts';
import type { Board } from '../core/games/packet-run/board.ts';
import { finishingTape, freshKey, freshNonce } from '../test/support/fixtures/league.ts';
import { concurrentCalls } from './measure.ts';

export interface JoinedLeague {
  challengeToken: string;
  date: string;
  keys: string[];
  joined: JoinedAgent[];
}

/** The handle of the `i`th agent joinAgents joins. */
export const benchHandle = (i: number) => `bench-minimal-${i}`;

/**
 * `count` agents joined on today's board at `origin`, `inFlight` joins at a time (the arena must
 * allow that many anonymous writes); each join's time in ms is added to `latencies` when given.
 */
export async function joinAgents(origin: string, count: number, inFlight: number, latencies?: number[]): Promise<JoinedLeague> {
  const status = await fetch(`${origin}/api/league`);
  if (status.status !== 200) throw new Error(`GET /api/league answered ${status.status}: ${await status.text()}`);
  const { challengeToken, challengeDate, board } = (await status.json()) as { challengeToken: string; challengeDate: string; board: Board };
  const actions = finishingTape(board);
  const keys: string[] = [];
  const joined: JoinedAgent[] = [];
  await concurrentCalls(async (i) => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/league/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() },
      body: JSON.stringify({ challengeToken, actions, registrationNonce: freshNonce(), agent: { handle: benchHandle(i), model: 'bench' } }),
    });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`POST join answered ${response.status}: ${body}`);
    latencies?.push(performance.now() - started);
    const { apiKey, agent, attempt } = JSON.parse(body) as JoinedAgent & { apiKey: string };
    keys[i] = apiKey;
    joined[i] = { keyDigest: keyDigest(apiKey), agent, attempt };
  }, inFlight)(count);
  return { challengeToken, date: challengeDate, keys, joined };
}
