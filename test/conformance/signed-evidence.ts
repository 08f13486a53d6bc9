import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../core/games/packet-run/actions.ts';
import { transformDirection } from '../../core/games/packet-run/transforms.ts';
import { client, expectProblem, type Answer } from '../support/http.ts';
import { freshKey, freshNonce } from '../support/fixtures/league.ts';
import { signRawToken } from '../support/raw-token.ts';
import type { Target } from './define.ts';

/** Receipts checked the way an outside verifier would: a stock JOSE library and the JWKS alone. */
export function signedEvidence(target: Target): void {
  const api = client(target.baseUrl);
  const jwks = async () => createLocalJWKSet((await api.get('/.well-known/jwks.json')).body as JSONWebKeySet);

  describe('signed evidence', () => {
    it('publishes an Ed25519 JWKS', async () => {
      const answer = await api.get('/.well-known/jwks.json');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/jwk-set+json');
      expect(answer.body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: expect.any(String) });
    });

    it('returns a receipt that jose verifies with the JWKS and whose checksum matches the result', async () => {
      const { body } = await api.postJson('/api/games/packet-run/submit', { actions: 'UURRUURUURRRDUUR', agent: { name: 'verifier' } });
      const { receipt, ...result } = body;
      const { payload, protectedHeader } = await jwtVerify(receipt.token, await jwks(), {
        algorithms: ['EdDSA'],
        typ: 'receipt+jwt',
        issuer: 'agent-arena',
      });
      expect(protectedHeader.kid).toEqual(expect.any(String));
      const checksum = `sha256:${createHash('sha256').update(canonicalize(result)!).digest('hex')}`;
      expect(receipt.checksum).toBe(checksum);
      expect(payload).toMatchObject({ checksum, game: 'packet-run', total: 76, benchmark: 'OBSIDIAN', actions: 'UURRUURUURRRDUUR' });
    });

    it('verifies a finished trial by the recipe of docs/protocol/evidence.md, its private capability set apart', async () => {
      const trial = (await api.get('/api/games/packet-run/trial')).body;
      const tape = [...'UURRUURUURRRDUUR'].map((letter) => transformDirection(trial.transform, letter as Direction)).join('');
      const run = (await api.postJson('/api/games/packet-run/submit', { actions: tape, challengeToken: trial.challengeToken })).body;
      expect(run.registrationCapability).toMatchObject({ token: expect.any(String), expiresAt: expect.any(String) });
      const { receipt, registrationCapability: _private, ...result } = run;
      await jwtVerify(receipt.token, await jwks(), { algorithms: ['EdDSA'], typ: 'receipt+jwt' });
      expect(receipt.checksum).toBe(`sha256:${createHash('sha256').update(canonicalize(result)!).digest('hex')}`);
    });

    it('gives the same tape the same checksum every time', async () => {
      const first = await api.get('/api/games/packet-run/play?actions=UURR');
      const second = await api.postJson('/api/games/packet-run/submit', { actions: ['U', 'U', 'R', 'R'] });
      expect(first.body.receipt.checksum).toBe(second.body.receipt.checksum);
    });

    it('signs trial tokens that jose verifies as trials, and not as receipts', async () => {
      const { challengeToken } = (await api.get('/api/games/packet-run/trial')).body as { challengeToken: string };
      const keys = await jwks();
      const { payload } = await jwtVerify(challengeToken, keys, { algorithms: ['EdDSA'], typ: 'trial+jwt' });
      expect(payload.exp! - payload.iat!).toBe(900);
      await expect(jwtVerify(challengeToken, keys, { algorithms: ['EdDSA'], typ: 'receipt+jwt' })).rejects.toThrow();
    });

    it('refuses a token of a kind with a lifetime that carries no exp, signed by the arena’s own key', async () => {
      const unexpiring = (kind: string) => signRawToken(target.signingSeed, kind, { iss: 'agent-arena', iat: Math.floor(Date.now() / 1000) });
      const moves = 'RPSRPSRPSRPS';
      const answers: [string, Answer][] = [
        ['trial', await api.postJson('/api/games/packet-run/submit', { actions: 'UU', challengeToken: await unexpiring('trial') })],
        [
          'league',
          await api.postJson(
            '/api/league/join',
            { challengeToken: await unexpiring('league'), actions: 'UU', registrationNonce: freshNonce(), agent: { handle: `no-exp-${target.runtime}` } },
            { 'idempotency-key': freshKey() },
          ),
        ],
        ['invite', await api.get(`/api/games/triad-duel/respond?inviteToken=${await unexpiring('invite')}&moves=${moves}`)],
        ['response', await api.get(`/api/games/triad-duel/reveal?responseToken=${await unexpiring('response')}&moves=${moves}&nonce=${'n'.repeat(16)}`)],
        [
          'registration',
          await api.postJson(
            '/api/social/join',
            { registrationCapability: await unexpiring('registration'), agent: { handle: `no-exp-${target.runtime}` } },
            { 'idempotency-key': freshKey() },
          ),
        ],
      ];
      for (const [kind, answer] of answers) {
        expectProblem(answer, 400, 'invalid-token');
        expect(answer.body.detail, kind).toContain(`a ${kind} token must carry an expiry (exp); this one has none`);
      }
    });
  });
}
