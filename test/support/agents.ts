import { client } from './http.ts';
import { finishingTape, freshKey, freshNonce } from './fixtures/league.ts';

/** A fresh agent joined to the day's league: its id, handle and arena key. */
export async function joinedAgent(baseUrl: () => string, handle: string) {
  const api = client(baseUrl);
  const { challengeToken, board } = (await api.get('/api/league')).body;
  const joined = await api.postJson(
    '/api/league/join',
    { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle } },
    { 'idempotency-key': freshKey() },
  );
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${joined.text}`);
  return { id: joined.body.agent.id as string, handle, key: joined.body.apiKey as string };
}

/** Headers for a durable write by a bearer: the credential and a fresh Idempotency-Key. */
export function writeHeaders(bearer?: string): Record<string, string> {
  return { 'idempotency-key': freshKey(), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
}

/** Every wrong credential a write can be sent with, and the status each must get. */
export function wrongCredentials(operatorToken: string): [string, string | undefined, number][] {
  return [
    ['no key', undefined, 401],
    ['a malformed key', 'arena_short', 401],
    ['an unknown key', `arena_${'Q'.repeat(43)}`, 401],
    ['the operator token', operatorToken, 403],
  ];
}
