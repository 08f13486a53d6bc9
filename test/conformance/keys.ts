import { beforeAll, describe, expect, it } from 'vitest';
import { finishingTape, freshKey, freshNonce, stuckTape } from '../support/fixtures/league.ts';
import { client, expectProblem } from '../support/http.ts';
import type { Target } from './define.ts';

/** Arena keys after the join: rotated by the key or the nonce, revoked, and refused at once. */
export function arenaKeys(target: Target): void {
  const api = client(target.baseUrl);
  const post = (path: string, body: unknown, bearer?: string) =>
    api.postJson(path, body, { 'idempotency-key': freshKey(), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) });

  describe('arena keys', () => {
    let league: { challengeToken: string; board: any };
    const nonce = freshNonce();
    let first: { apiKey: string; agent: { id: string } };
    const submit = (key: string) => post('/api/league/submit', { challengeToken: league.challengeToken, actions: stuckTape(league.board) }, key);

    beforeAll(async () => {
      league = (await api.get('/api/league')).body;
      const joined = await post('/api/league/join', {
        challengeToken: league.challengeToken,
        actions: finishingTape(league.board),
        registrationNonce: nonce,
        agent: { handle: `keys-${target.runtime}` },
      });
      expect(joined.status, joined.text).toBe(200);
      first = joined.body;
    });

    it('rotates by the key: a new key with its generation and time, the old one refused with 401 at once', async () => {
      expect(first).toMatchObject({ keyGeneration: 0, keyCreatedAt: expect.any(String) });
      const rotated = await post('/api/keys/rotate', {}, first.apiKey);
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.body).toMatchObject({ apiKey: expect.stringMatching(/^arena_[A-Za-z0-9_-]{43}$/), keyGeneration: 1, created: true, agent: { id: first.agent.id } });
      expect(Date.parse(rotated.body.keyCreatedAt)).toBeGreaterThanOrEqual(Date.parse((first as any).keyCreatedAt));
      const refused = await submit(first.apiKey);
      expectProblem(refused, 401, 'unauthorized');
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="agent-arena", error="invalid_token"');
      expect((await submit(rotated.body.apiKey)).status).toBe(200);
    });

    it('revokes, answers a join with the nonce 403, and rotates a good key with the nonce', async () => {
      const current = (await post('/api/keys/rotate', { registrationNonce: nonce })).body;
      expect(current).toMatchObject({ keyGeneration: 2, agent: { id: first.agent.id } });
      const revoked = await post('/api/keys/revoke', {}, current.apiKey);
      expect(revoked.status, revoked.text).toBe(200);
      expect(revoked.body).toMatchObject({ revoked: true, revokedAt: expect.any(String), keyGeneration: 2 });
      expectProblem(await submit(current.apiKey), 401, 'unauthorized');
      expectProblem(
        await post('/api/league/join', {
          challengeToken: league.challengeToken,
          actions: finishingTape(league.board),
          registrationNonce: nonce,
          agent: { handle: `keys-${target.runtime}` },
        }),
        403,
        'forbidden',
      );
      const fresh = await post('/api/keys/rotate', { registrationNonce: nonce });
      expect(fresh.body).toMatchObject({ keyGeneration: 3, created: true });
      expect((await submit(fresh.body.apiKey)).status).toBe(200);
    });

    it('refuses a change without a credential, with two, or by a registration it does not know', async () => {
      expectProblem(await post('/api/keys/rotate', {}), 401, 'unauthorized');
      expectProblem(await post('/api/keys/revoke', { registrationNonce: nonce, registrationCapability: 'a.b.c' }), 400, 'invalid-request');
      expectProblem(await post('/api/keys/rotate', { registrationNonce: freshNonce() }), 401, 'unauthorized');
      expectProblem(await post('/api/keys/revoke', {}, `arena_${'Z'.repeat(43)}`), 401, 'unauthorized');
      expectProblem(await post('/api/keys/rotate', {}, target.operatorToken), 403, 'forbidden');
    });
  });
}
