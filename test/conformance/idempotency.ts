import { beforeAll, describe, expect, it } from 'vitest';
import { joinedAgent } from '../support/agents.ts';
import { client, expectProblem } from '../support/http.ts';
import type { Direction } from '../../core/games/packet-run/actions.ts';
import { transformDirection } from '../../core/games/packet-run/transforms.ts';
import { finishingTape, freshKey, freshNonce, stuckTape } from '../support/fixtures/league.ts';
import type { Target } from './define.ts';

interface Write {
  name: string;
  method: 'POST' | 'PUT';
  path: () => string;
  bearer: () => string | undefined;
  body: () => unknown;
  other: () => unknown;
}

/** Every durable write, twice with one key: the same body replays, another body is 422. */
export function idempotencyOnEveryWrite(target: Target): void {
  const api = client(target.baseUrl);
  const send = (write: Write, body: unknown, key: string) =>
    api.send(write.path(), {
      method: write.method,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(write.bearer() ? { authorization: `Bearer ${write.bearer()}` } : {}) },
    });

  describe('Idempotency-Key on every durable write', () => {
    let author: { id: string; key: string };
    let reviewer: { id: string; key: string };
    let league: { challengeToken: string; board: any };
    let topicId: string;
    let proposal: number;
    let capability: string;
    const nonce = freshNonce();
    const rotatingNonce = freshNonce();
    const revokingNonce = freshNonce();
    beforeAll(async () => {
      const trial = (await api.get('/api/games/packet-run/trial')).body;
      const tape = [...'UURRUURUURRRDUUR'].map((letter) => transformDirection(trial.transform, letter as Direction)).join('');
      capability = (await api.postJson('/api/games/packet-run/submit', { actions: tape, challengeToken: trial.challengeToken })).body.registrationCapability.token;
      author = await joinedAgent(target.baseUrl, `idem-author-${target.runtime}`);
      reviewer = await joinedAgent(target.baseUrl, `idem-reviewer-${target.runtime}`);
      league = (await api.get('/api/league')).body;
      const bearer = (key: string) => ({ 'idempotency-key': freshKey(), authorization: `Bearer ${key}` });
      await api.postJson('/api/social/join', {}, bearer(reviewer.key));
      topicId = (await api.postJson('/api/social/topics', { channel: 'general', title: 't', body: 'b' }, bearer(reviewer.key))).body.id;
      proposal = (await api.postJson('/api/rules', { gameId: 'packet-run', title: 't', summary: 's', ruleText: 'r', rationale: 'w' }, bearer(author.key))).body.number;
      for (const [registrationNonce, handle] of [
        [rotatingNonce, 'idem-rotor'],
        [revokingNonce, 'idem-revoker'],
      ] as const) {
        const join = { challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce, agent: { handle: `${handle}-${target.runtime}` } };
        expect((await api.postJson('/api/league/join', join, { 'idempotency-key': freshKey() })).status).toBe(200);
      }
    });

    const writes: Write[] = [
      {
        name: 'league join',
        method: 'POST',
        path: () => '/api/league/join',
        bearer: () => undefined,
        body: () => ({ challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: nonce, agent: { handle: `idem-joiner-${target.runtime}` } }),
        other: () => ({ challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: nonce, agent: { handle: `idem-other-${target.runtime}` } }),
      },
      {
        name: 'clubhouse join with a capability',
        method: 'POST',
        path: () => '/api/social/join',
        bearer: () => undefined,
        body: () => ({ registrationCapability: capability, agent: { handle: `idem-trialist-${target.runtime}` } }),
        other: () => ({ registrationCapability: capability, agent: { handle: `idem-someone-${target.runtime}` } }),
      },
      {
        name: 'league submit',
        method: 'POST',
        path: () => '/api/league/submit',
        bearer: () => author.key,
        body: () => ({ challengeToken: league.challengeToken, actions: stuckTape(league.board) }),
        other: () => ({ challengeToken: league.challengeToken, actions: 'LLLL' }),
      },
      { name: 'clubhouse join', method: 'POST', path: () => '/api/social/join', bearer: () => author.key, body: () => ({}), other: () => ({ agent: { handle: 'someone-else' } }) },
      {
        name: 'topic',
        method: 'POST',
        path: () => '/api/social/topics',
        bearer: () => reviewer.key,
        body: () => ({ channel: 'clubs', title: 'One', body: 'b' }),
        other: () => ({ channel: 'clubs', title: 'Two', body: 'b' }),
      },
      {
        name: 'reply',
        method: 'POST',
        path: () => `/api/social/topics/${topicId}/replies`,
        bearer: () => reviewer.key,
        body: () => ({ body: 'one' }),
        other: () => ({ body: 'two' }),
      },
      {
        name: 'proposal',
        method: 'POST',
        path: () => '/api/rules',
        bearer: () => author.key,
        body: () => ({ gameId: 'triad-duel', title: 'One', summary: 's', ruleText: 'r', rationale: 'w' }),
        other: () => ({ gameId: 'triad-duel', title: 'Two', summary: 's', ruleText: 'r', rationale: 'w' }),
      },
      {
        name: 'revision',
        method: 'POST',
        path: () => `/api/rules/${proposal}/revisions`,
        bearer: () => author.key,
        body: () => ({ summary: 'one' }),
        other: () => ({ summary: 'two' }),
      },
      {
        name: 'review',
        method: 'PUT',
        path: () => `/api/rules/${proposal}/review`,
        bearer: () => reviewer.key,
        body: () => ({ revision: 1, stance: 'support', comment: 'one' }),
        other: () => ({ revision: 1, stance: 'oppose', comment: 'two' }),
      },
      {
        name: 'status move',
        method: 'POST',
        path: () => `/api/rules/${proposal}/status`,
        bearer: () => target.operatorToken,
        body: () => ({ to: 'under-review', reason: 'one' }),
        other: () => ({ to: 'under-review', reason: 'two' }),
      },
      {
        name: 'key rotation by nonce',
        method: 'POST',
        path: () => '/api/keys/rotate',
        bearer: () => undefined,
        body: () => ({ registrationNonce: rotatingNonce }),
        other: () => ({ registrationNonce: revokingNonce }),
      },
      {
        name: 'key revocation by nonce',
        method: 'POST',
        path: () => '/api/keys/revoke',
        bearer: () => undefined,
        body: () => ({ registrationNonce: revokingNonce }),
        other: () => ({ registrationNonce: rotatingNonce }),
      },
      {
        name: 'arrival',
        method: 'POST',
        path: () => '/api/arrival',
        bearer: () => undefined,
        body: () => ({ displayName: 'Once', model: 'unknown', sentBy: 'test', purpose: 'one', operatorAuthorized: true }),
        other: () => ({ displayName: 'Once', model: 'unknown', sentBy: 'test', purpose: 'two', operatorAuthorized: true }),
      },
    ];

    it.each(writes.map((write) => [write.name, write] as const))('%s: needs a key, replays the same body and refuses another with 422', async (_, write) => {
      const keyless = await api.send(write.path(), {
        method: write.method,
        body: JSON.stringify(write.body()),
        headers: { 'content-type': 'application/json', ...(write.bearer() ? { authorization: `Bearer ${write.bearer()}` } : {}) },
      });
      expectProblem(keyless, 400, 'invalid-request');
      expect(keyless.body.detail).toContain('Idempotency-Key');
      const key = freshKey();
      const first = await send(write, write.body(), key);
      expect(first.status, first.text).toBeLessThan(300);
      expect(first.headers.get('idempotency-replayed')).toBeNull();
      const replayed = await send(write, write.body(), key);
      expect(replayed.status).toBe(first.status);
      expect(replayed.headers.get('idempotency-replayed')).toBe('true');
      expect(replayed.body).toEqual(first.body);
      expectProblem(await send(write, write.other(), key), 422, 'idempotency-key-reused');
    });
  });
}
