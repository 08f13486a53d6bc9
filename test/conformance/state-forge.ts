import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { FORGE_EXAMPLES, forgeExample, paddedTo } from '../support/forge-examples.ts';
import { client, expectProblem } from '../support/http.ts';
import type { Target } from './define.ts';

const BASE = '/api/games/state-forge';
const ROPE_BRIDGE = forgeExample('rope-bridge');
const VAULT = forgeExample('clockwork-vault');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function stateForge(target: Target): void {
  const api = client(target.baseUrl);
  const compile = async (definition: unknown) => {
    const answer = await api.postJson(`${BASE}/compile`, { definition });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.capsule as string;
  };

  describe('State Forge', () => {
    it('publishes the DSL, its JSON Schema, every audit check and an example', async () => {
      const { status, body } = await api.get(BASE);
      expect(status).toBe(200);
      expect(body.dsl.format).toBe('state-forge/1');
      expect(body.dsl.jsonSchema.$schema).toContain('2020-12');
      expect(body.audit.checks.map((check: { name: string }) => check.name)).toEqual([
        'format',
        'shape',
        'bounds',
        'size',
        'state-count',
        'action-count',
        'unique-ids',
        'start-state',
        'terminal-outcomes',
        'complete-table',
        'terminal-reachable',
        'consequential-choice',
      ]);
      expect(body.example).toEqual(ROPE_BRIDGE);
      expect((await api.get('/api/games')).body.games.map((g: { id: string }) => g.id)).toContain('state-forge');
    });

    it.each(FORGE_EXAMPLES)('compiles the $name example into a capsule that jose verifies, wrapped or bare', async ({ definition }) => {
      const wrapped = await api.postJson(`${BASE}/compile`, { definition });
      const bare = await api.postJson(`${BASE}/compile`, definition);
      expect(wrapped.status, wrapped.text).toBe(200);
      expect(bare.body.capsuleId).toBe(wrapped.body.capsuleId);
      expect(wrapped.body.audit.passed).toBe(true);
      expect(wrapped.body.definitionDigest).toBe(`sha256:${sha256(canonicalize(definition)!)}`);
      const jwks = createLocalJWKSet((await api.get('/.well-known/jwks.json')).body as JSONWebKeySet);
      const { payload } = await jwtVerify(wrapped.body.capsule, jwks, { typ: 'capsule+jwt' });
      expect(payload.definition).toEqual(definition);
      expect(payload.exp).toBeUndefined();
    });

    it('inspects a capsule', async () => {
      const capsule = await compile(VAULT);
      const { status, body } = await api.postJson(`${BASE}/inspect`, { capsule });
      expect(status).toBe(200);
      expect(body.definition).toEqual(VAULT);
      expect(body.audit.checks).toHaveLength(12);
    });

    it('plays a capsule, and the receipt verifies offline with jose and at verify', async () => {
      const capsule = await compile(ROPE_BRIDGE);
      const played = await api.postJson(`${BASE}/play`, { capsule, actions: ['step', 'hold', 'step', 'hold'], player: { name: 'forge-tester' } });
      expect(played.status, played.text).toBe(200);
      expect(played.body.evidence).toMatchObject({ finished: true, outcome: 'win', score: 9, usedActions: 3, ignoredActions: 1, player: { name: 'forge-tester' } });
      expect(played.body.replay.map((frame: { event: string }) => frame.event)).toEqual(['move', 'move', 'terminal', 'ignored']);
      expect(played.body.receipt.checksum).toBe(`sha256:${sha256(canonicalize(played.body.evidence)!)}`);
      const jwks = createLocalJWKSet((await api.get('/.well-known/jwks.json')).body as JSONWebKeySet);
      const { payload } = await jwtVerify(played.body.receipt.token, jwks, { typ: 'forge-receipt+jwt' });
      expect(payload.checksum).toBe(played.body.receipt.checksum);

      const verified = await api.postJson(`${BASE}/verify`, { receipt: played.body.receipt.token });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ verified: true, checksum: played.body.receipt.checksum, evidence: played.body.evidence });
      const again = await api.postJson(`${BASE}/play`, { capsule, actions: ['step', 'hold', 'step', 'hold'], player: { name: 'forge-tester' } });
      expect(again.body.receipt.checksum).toBe(played.body.receipt.checksum);
    });

    it('fits the largest definition and the longest play within the request limit', async () => {
      const largest = { ...paddedTo(VAULT, 8192), maxSteps: 64 };
      const capsule = await compile(largest);
      const actions = Array.from({ length: 64 }, (_, i) => VAULT.actions[i % 4].id);
      const body = { capsule, actions, player: { name: '😀'.repeat(80), model: '😀'.repeat(120), sentBy: '😀'.repeat(120) } };
      expect(new TextEncoder().encode(JSON.stringify(body)).byteLength).toBeLessThanOrEqual(16_384);
      const played = await api.postJson(`${BASE}/play`, body);
      expect(played.status, played.text).toBe(200);
      expect((await api.postJson(`${BASE}/verify`, { receipt: played.body.receipt.token })).status).toBe(200);
      const over = await api.postJson(`${BASE}/compile`, { definition: paddedTo(VAULT, 8193) });
      expectProblem(over, 400, 'audit-failed');
      expect(over.body.audit.checks.find((check: { name: string }) => check.name === 'size').passed).toBe(false);
    });

    describe('bad input is a 4xx problem, never a 5xx', () => {
      it('answers a failing definition with every check, the failing ones named', async () => {
        const answer = await api.postJson(`${BASE}/compile`, { definition: { ...ROPE_BRIDGE, states: ROPE_BRIDGE.states.slice(0, 2) } });
        expectProblem(answer, 400, 'audit-failed');
        expect(answer.body.audit.checks).toHaveLength(12);
        expect(answer.body.audit.checks.find((check: { name: string }) => check.name === 'state-count').passed).toBe(false);
        expect(answer.body.detail).toContain('state-count');
      });

      it.each<[string, unknown]>([
        ['an array body', [ROPE_BRIDGE]],
        ['a string body', 'state-forge/1'],
        ['a null body', null],
        ['a wrapper with another member', { definition: ROPE_BRIDGE, note: 'x' }],
      ])('compile refuses %s', async (_, body) => {
        expectProblem(await api.postJson(`${BASE}/compile`, body), 400, 'invalid-request');
      });

      it.each<[string, unknown]>([
        ['a definition that is not an object', { definition: 'rope-bridge' }],
        ['an empty definition', {}],
        ['code where data belongs', { definition: { ...ROPE_BRIDGE, transitions: 'function () { return 1 }' } }],
        ['an unknown property', { definition: { ...ROPE_BRIDGE, script: 'x' } }],
        ['an action id that breaks the pattern', { definition: { ...ROPE_BRIDGE, actions: [{ id: 'Step!', label: 'x' }, ROPE_BRIDGE.actions[1]] } }],
      ])('compile audits and refuses %s', async (_, body) => {
        expectProblem(await api.postJson(`${BASE}/compile`, body), 400, 'audit-failed');
      });

      it('refuses bad capsules, receipts and plays', async () => {
        const capsule = await compile(ROPE_BRIDGE);
        const tampered = capsule.slice(0, 50) + (capsule[50] === 'A' ? 'B' : 'A') + capsule.slice(51);
        const played = await api.postJson(`${BASE}/play`, { capsule, actions: ['step'] });
        const receipt = played.body.receipt.token as string;
        const packetRunReceipt = (await api.get('/api/games/packet-run/play?actions=UU')).body.receipt.token;
        const cases: [string, string, unknown, string][] = [
          ['inspect', 'junk capsule', { capsule: 'junk' }, 'invalid-token'],
          ['inspect', 'tampered capsule', { capsule: tampered }, 'invalid-token'],
          ['inspect', 'receipt as capsule', { capsule: receipt }, 'invalid-token'],
          ['inspect', 'missing capsule', {}, 'invalid-request'],
          ['play', 'tampered capsule', { capsule: tampered, actions: ['step'] }, 'invalid-token'],
          ['play', 'more actions than maxSteps', { capsule, actions: Array(7).fill('step') }, 'invalid-request'],
          ['play', 'an unknown action', { capsule, actions: ['step', 'jump'] }, 'invalid-request'],
          ['play', 'no actions', { capsule, actions: [] }, 'invalid-request'],
          ['play', '65 actions', { capsule, actions: Array(65).fill('step') }, 'invalid-request'],
          ['play', 'actions that are not strings', { capsule, actions: [1] }, 'invalid-request'],
          ['play', 'a player name over 80 characters', { capsule, actions: ['step'], player: { name: 'n'.repeat(81) } }, 'invalid-request'],
          ['play', 'an unknown field', { capsule, actions: ['step'], seed: 1 }, 'invalid-request'],
          ['verify', 'junk receipt', { receipt: 'a.b.c' }, 'invalid-token'],
          ['verify', 'tampered receipt', { receipt: receipt.slice(0, -3) + (receipt.at(-3) === 'A' ? 'B' : 'A') + receipt.slice(-2) }, 'invalid-token'],
          ['verify', 'Packet Run receipt', { receipt: packetRunReceipt }, 'invalid-token'],
          ['verify', 'capsule as receipt', { receipt: capsule }, 'invalid-token'],
          ['verify', 'an unknown field', { receipt, extra: 1 }, 'invalid-request'],
        ];
        for (const [endpoint, , body, slug] of cases) {
          expectProblem(await api.postJson(`${BASE}/${endpoint}`, body), 400, slug);
        }
      });

      it('refuses malformed JSON, other content types, oversize bodies and other methods', async () => {
        const send = (body: BodyInit, type = 'application/json') => api.send(`${BASE}/compile`, { method: 'POST', body, headers: { 'content-type': type } });
        expectProblem(await send('{"definition":'), 400, 'malformed-json');
        expectProblem(await send(JSON.stringify(ROPE_BRIDGE), 'text/plain'), 415);
        expectProblem(await send(JSON.stringify({ definition: { ...ROPE_BRIDGE, description: 'x'.repeat(17_000) } })), 413);
        expectProblem(await api.get(`${BASE}/compile`), 405);
      });
    });
  });
}
