import { describe, expect, it } from 'vitest';
import { ARENA_KEY_PATTERN } from '../../core/agents/keys.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { inProcessArena } from '../support/in-process-arena.ts';

/** An arena in this process with one agent joined by a nonce: the means to change its key. */
async function joinedArena() {
  const arena = await inProcessArena('2026-11-21T12:00:00Z');
  const { challengeToken, board } = (await arena.call('/api/league')).body;
  const nonce = freshNonce();
  const join = (idempotencyKey = freshKey()) =>
    arena.post('/api/league/join', { challengeToken, actions: finishingTape(board), registrationNonce: nonce, agent: { handle: 'keeper' } }, { 'idempotency-key': idempotencyKey });
  const joined = await join();
  expect(joined.status).toBe(200);
  const bearer = (key: string) => ({ authorization: `Bearer ${key}`, 'idempotency-key': freshKey() });
  const change = (what: 'rotate' | 'revoke', body: unknown, headers: Record<string, string> = { 'idempotency-key': freshKey() }) => arena.post(`/api/keys/${what}`, body, headers);
  const submit = (key: string) => arena.post('/api/league/submit', { challengeToken, actions: finishingTape(board) }, bearer(key));
  return { ...arena, nonce, joined: joined.body, join, bearer, change, submit, board, challengeToken };
}

describe('arena keys: rotation and revocation', () => {
  it('rotates with the key: a new key, made now, the old one refused at once, the agent and its records unchanged', async () => {
    const arena = await joinedArena();
    const first = arena.joined.apiKey as string;
    expect(arena.joined).toMatchObject({ keyGeneration: 0, keyCreatedAt: '2026-11-21T12:00:00.000Z' });
    expect((await arena.submit(first)).status).toBe(200);
    arena.clock.now += 60_000;

    const rotated = await arena.change('rotate', {}, arena.bearer(first));
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ keyGeneration: 1, keyCreatedAt: '2026-11-21T12:01:00.000Z', created: true, agent: arena.joined.agent });
    expect(rotated.body.apiKey).toMatch(ARENA_KEY_PATTERN);
    expect(rotated.body.apiKey).not.toBe(first);

    const refused = await arena.submit(first);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');
    const submitted = await arena.submit(rotated.body.apiKey);
    expect(submitted.status).toBe(200);
    expect(submitted.body.attempt.declaration).toMatchObject({ handle: 'keeper' });
    const attempts = (await arena.call(`/api/league/attempts?agent=${arena.joined.agent.id}`)).body.attempts;
    expect(attempts).toHaveLength(3);
    expect((await arena.call('/api/pulse')).body.totals).toMatchObject({ agents: 1, retainedAttempts: 3 });
    // The old key cannot rotate again: it is no key at all now.
    expect((await arena.change('rotate', {}, arena.bearer(first))).status).toBe(401);
  });

  it('gives the current key to a join with the same nonce, and rotates with the nonce when the key is lost', async () => {
    const arena = await joinedArena();
    const rotated = (await arena.change('rotate', {}, arena.bearer(arena.joined.apiKey))).body;
    const again = await arena.join();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ apiKey: rotated.apiKey, keyGeneration: 1, created: false, agent: arena.joined.agent });

    const byNonce = await arena.change('rotate', { registrationNonce: arena.nonce });
    expect(byNonce.status).toBe(200);
    expect(byNonce.body).toMatchObject({ keyGeneration: 2, created: true, agent: arena.joined.agent });
    expect((await arena.submit(rotated.apiKey)).status).toBe(401);
    expect((await arena.submit(byNonce.body.apiKey)).status).toBe(200);
    expect((await arena.join()).body.apiKey).toBe(byNonce.body.apiKey);
  });

  it('revokes with the key or the nonce: no key is good, a join gives none, and a rotation with the nonce makes a new one', async () => {
    const arena = await joinedArena();
    arena.clock.now += 1_000;
    const revoked = await arena.change('revoke', {}, arena.bearer(arena.joined.apiKey));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ revoked: true, revokedAt: '2026-11-21T12:00:01.000Z', keyGeneration: 0, agent: arena.joined.agent });
    expect(JSON.stringify(revoked.body)).not.toContain('arena_');
    expect((await arena.submit(arena.joined.apiKey)).status).toBe(401);
    const join = await arena.join();
    expect(join.status).toBe(403);
    expect(join.body.detail).toContain('revoked');
    // Revoking again by the nonce changes nothing, and says since when.
    expect((await arena.change('revoke', { registrationNonce: arena.nonce })).body).toMatchObject({ revoked: true, revokedAt: '2026-11-21T12:00:01.000Z' });

    const fresh = await arena.change('rotate', { registrationNonce: arena.nonce });
    expect(fresh.body).toMatchObject({ keyGeneration: 1, created: true });
    expect((await arena.submit(fresh.body.apiKey)).status).toBe(200);
    expect((await arena.change('revoke', { registrationNonce: arena.nonce })).body).toMatchObject({ revoked: true, keyGeneration: 1 });
    expect((await arena.submit(fresh.body.apiKey)).status).toBe(401);
  });

  it('rotates an agent made by a registration capability with that capability', async () => {
    const arena = await inProcessArena('2026-11-21T12:00:00Z');
    const trial = (await arena.call('/api/games/packet-run/trial')).body;
    const run = await arena.post('/api/games/packet-run/submit', { actions: finishingTape(trial.board), challengeToken: trial.challengeToken });
    const registrationCapability = run.body.registrationCapability.token as string;
    const made = await arena.post('/api/social/join', { registrationCapability, agent: { handle: 'redeemer' } }, { 'idempotency-key': freshKey() });
    expect(made.body).toMatchObject({ keyGeneration: 0, created: true });
    const rotated = await arena.post('/api/keys/rotate', { registrationCapability }, { 'idempotency-key': freshKey() });
    expect(rotated.body).toMatchObject({ keyGeneration: 1, agent: made.body.agent });
    expect((await arena.call('/api/social/eligibility/verify', { headers: { authorization: `Bearer ${made.body.apiKey}` } })).body).toMatchObject({ eligible: false });
    // Redeeming the capability again gives the agent's current key.
    const again = await arena.post('/api/social/join', { registrationCapability, agent: { handle: 'redeemer' } }, { 'idempotency-key': freshKey() });
    expect(again.body).toMatchObject({ apiKey: rotated.body.apiKey, keyGeneration: 1, created: false });
  });

  it('answers a retried rotation with the key it made, by the key or by the nonce, and rotates once', async () => {
    const arena = await joinedArena();
    const byKey = { authorization: `Bearer ${arena.joined.apiKey}`, 'idempotency-key': freshKey() };
    const [one, two] = await Promise.all([arena.change('rotate', {}, byKey), arena.change('rotate', {}, byKey)]);
    const answered = [one, two].filter((answer) => answer.status === 200);
    // One ran; the other waited for it and replays its answer, or (its key already replaced) is refused.
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(new Set(answered.map((answer) => answer.body.apiKey)).size).toBe(1);
    for (const answer of [one, two]) if (answer.status !== 200) expect(answer.status).toBe(401);
    const key = answered[0]!.body.apiKey as string;

    const nonceRequest = { 'idempotency-key': freshKey() };
    const first = await arena.change('rotate', { registrationNonce: arena.nonce }, nonceRequest);
    const replayed = await arena.change('rotate', { registrationNonce: arena.nonce }, nonceRequest);
    expect(replayed.headers.get('idempotency-replayed')).toBe('true');
    expect(replayed.body).toEqual(first.body);
    expect(first.body.keyGeneration).toBe(2);
    expect((await arena.submit(key)).status).toBe(401);
    expect((await arena.submit(first.body.apiKey)).status).toBe(200);
    // A join replayed after the rotation answers as it first did: with the key it gave then.
    const joinKey = freshKey();
    const joinedAgain = await arena.join(joinKey);
    expect((await arena.join(joinKey)).body).toEqual(joinedAgain.body);
  });

  it('refuses what is not a credential, or two of them, and changes nothing', async () => {
    const arena = await joinedArena();
    const unknown = await arena.change('rotate', { registrationNonce: freshNonce() });
    expect(unknown.status).toBe(401);
    expect((await arena.change('rotate', {})).status).toBe(401);
    expect((await arena.change('rotate', { registrationNonce: arena.nonce, registrationCapability: 'x.y.z' })).status).toBe(400);
    expect((await arena.change('rotate', { registrationNonce: arena.nonce }, arena.bearer(arena.joined.apiKey))).status).toBe(400);
    expect((await arena.change('revoke', { registrationNonce: 'short' })).status).toBe(400);
    expect((await arena.change('rotate', { registrationCapability: 'not-a-token' })).status).toBe(400);
    expect((await arena.change('rotate', {}, arena.bearer(`arena_${'Q'.repeat(43)}`))).status).toBe(401);
    expect((await arena.submit(arena.joined.apiKey)).status).toBe(200);
    expect((await arena.join()).body).toMatchObject({ apiKey: arena.joined.apiKey, keyGeneration: 0 });
  });
});
