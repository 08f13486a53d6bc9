import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectProblem } from '../support/http.ts';
import type { Target } from './define.ts';

const BASE = '/api/games/triad-duel';
const MINE = 'RRRRPPPPSSSS';
const THEIRS = 'psrpsrpsrpsr';
const NONCE = 'conformance-nonce-0001';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const commit = (circuit: string, moves: string, nonce: string) => sha256(`triad-duel/1|${circuit}|${moves.toUpperCase()}|${nonce}`);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function triadDuel(target: Target): void {
  const api = client(target.baseUrl);

  describe('Triad Duel', () => {
    let circuit: string;
    let inviteToken: string;
    let responseToken: string;
    beforeAll(async () => {
      circuit = (await api.get(BASE)).body.circuit.id;
      inviteToken = (await api.get(`${BASE}/invite?${q({ commitment: commit(circuit, MINE, NONCE), circuit, challenger: 'conformance' })}`)).body.inviteToken;
      responseToken = (await api.get(`${BASE}/respond?${q({ inviteToken, moves: THEIRS, responder: 'other' })}`)).body.responseToken;
    });

    it('creates no result, anywhere, for a challenge that is never revealed', async () => {
      const evidence = async () => ({
        archive: (await api.get(`${BASE}/archive`)).body.count,
        stats: (({ generatedAt: _, ...rest }) => rest)((await api.get('/api/stats')).body),
        feed: [...(await api.get('/feed.xml')).text.matchAll(/<entry>/g)].length,
      });
      const before = await evidence();
      const invite = (await api.get(`${BASE}/invite?${q({ commitment: commit(circuit, MINE, 'never-revealed-0001'), circuit, challenger: 'silent' })}`)).body;
      expect((await api.get(`${BASE}/respond?${q({ inviteToken: invite.inviteToken, moves: THEIRS, responder: 'waiting' })}`)).status).toBe(200);
      expect(await evidence()).toEqual(before);
      expect(before.archive).toBe(1);
    });

    it('publishes today’s circuit, the rules and a recipe a client can reproduce', async () => {
      const { status, body } = await api.get(BASE);
      expect(status).toBe(200);
      expect(body.circuit).toMatchObject({
        id: `triad-circuit-${new Date().toISOString().slice(0, 10)}`,
        game: 'triad-duel',
        mode: 'daily-circuit',
        moveCount: 12,
        inventory: { R: 4, P: 4, S: 4 },
        commitmentCanonicalForm: 'triad-duel/1|{circuitId}|{moves}|{nonce}',
      });
      expect(body.circuit.field).toHaveLength(12);
      expect(body.sequenceExample).toMatch(/^[RPS]{12}$/);
      const example = body.commitmentRecipe.example;
      expect(example.commitment).toBe(commit(example.circuitId, example.moves, example.nonce));
      expect(body.retention.stored).toBe(false);
      expect((await api.get('/api/games')).body.games.map((g: { id: string }) => g.id)).toContain('triad-duel');
    });

    it('plays a whole duel through commit, respond, reveal and verify', async () => {
      const invited = await api.get(`${BASE}/invite?${q({ commitment: commit(circuit, MINE, NONCE).toUpperCase(), circuit, challenger: 'c', model: 'm', sentBy: 's' })}`);
      expect(invited.status, invited.text).toBe(200);
      expect(invited.body).toMatchObject({ circuit, challenger: { name: 'c', model: 'm', sentBy: 's' }, inviteToken: expect.any(String) });
      const responded = await api.get(`${BASE}/respond?${q({ inviteToken: invited.body.inviteToken, moves: THEIRS, responder: 'r' })}`);
      expect(responded.status, responded.text).toBe(200);
      const revealed = await api.get(`${BASE}/reveal?${q({ responseToken: responded.body.responseToken, moves: MINE.toLowerCase(), nonce: NONCE })}`);
      expect(revealed.status, revealed.text).toBe(200);
      const { receipt, receiptToken, watchUrl, ...result } = revealed.body;
      expect(receiptToken).toBe(receipt.token);
      expect(result.replay).toHaveLength(12);
      expect(result.replay[0]).toEqual({
        round: 1,
        glyph: expect.stringMatching(/^[RPS]$/),
        weight: expect.any(Number),
        challenger: 'R',
        responder: 'P',
        winner: 'responder',
        points: { challenger: 0, responder: 2 * result.replay[0].weight },
        alignment: expect.any(Object),
      });
      expect(result.challenger).toMatchObject({ moves: MINE, nonce: NONCE, declaration: { name: 'c' } });
      expect(watchUrl).toBe(`${target.baseUrl()}/duel#receipt=${receipt.token}`);
      expect(receipt.checksum).toBe(`sha256:${sha256(canonicalize(result)!)}`);
      const jwks = createLocalJWKSet((await api.get('/.well-known/jwks.json')).body as JSONWebKeySet);
      const { payload } = await jwtVerify(receipt.token, jwks, { typ: 'receipt+jwt', algorithms: ['EdDSA'] });
      expect(payload.checksum).toBe(receipt.checksum);

      const verified = await api.get(`${BASE}/verify?${q({ receiptToken: receipt.token })}`);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ verified: true, totals: result.totals, replay: result.replay, outcome: result.outcome });
    });

    it('plays a whole duel with a nonce of any printable ASCII, and states that alphabet in the circuit document', async () => {
      const rules = (await api.get(BASE)).body;
      expect(rules.commitmentRecipe.nonceAlphabet).toMatch(/printable ASCII.*0x21.*0x7E/);
      expect(rules.commitmentRecipe.noncePattern).toBe('^[\\x21-\\x7e]{16,128}$');
      const printable = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
      for (const nonce of ['!+/=!+/=!+/=!+/=', `a|b"c'd\\e%2Bf&g#h?i`, printable.slice(0, 128), printable.slice(-16)]) {
        const invited = await api.get(`${BASE}/invite?${q({ commitment: commit(circuit, MINE, nonce), circuit, challenger: 'punctuated' })}`);
        const responded = await api.get(`${BASE}/respond?${q({ inviteToken: invited.body.inviteToken, moves: THEIRS })}`);
        const revealed = await api.get(`${BASE}/reveal?${q({ responseToken: responded.body.responseToken, moves: MINE, nonce })}`);
        expect(revealed.status, `${nonce}: ${revealed.text}`).toBe(200);
        expect(revealed.body.challenger.nonce).toBe(nonce);
        expect((await api.get(`${BASE}/verify?${q({ receiptToken: revealed.body.receiptToken })}`)).body.verified).toBe(true);
      }
    });

    it('serves the watch page', async () => {
      const page = await api.get('/duel');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'sha256-");
    });

    it('lists the source-archived first fixture, which verifies with the JWKS and with its committed key', async () => {
      const archive = await api.get(`${BASE}/archive`);
      expect(archive.status).toBe(200);
      expect(archive.body.count).toBe(1);
      const [fixture] = archive.body.fixtures;
      expect(fixture).toMatchObject({ id: 'triad-first-fixture', kind: 'source-archived-fixture', verified: true });
      const jwks = (await api.get('/.well-known/jwks.json')).body as JSONWebKeySet;
      await expect(jwtVerify(fixture.receiptToken, createLocalJWKSet(jwks), { typ: 'receipt+jwt' })).resolves.toBeTruthy();
      await expect(jwtVerify(fixture.receiptToken, createLocalJWKSet({ keys: [fixture.publicKey] }), { typ: 'receipt+jwt' })).resolves.toBeTruthy();
      expect(fixture.verifyUrl.startsWith(`${target.baseUrl()}/`)).toBe(true);
      expect((await api.get(fixture.verifyUrl.slice(target.baseUrl().length))).body.verified).toBe(true);
    });

    describe('every 400 of spec section 7, and malformed or oversize input', () => {
      const invites: [string, () => Record<string, string>][] = [
        ['a missing commitment', () => ({ circuit })],
        ['a 63-character commitment', () => ({ commitment: 'a'.repeat(63), circuit })],
        ['a 65-character commitment', () => ({ commitment: 'a'.repeat(65), circuit })],
        ['a non-hex commitment', () => ({ commitment: 'g'.repeat(64), circuit })],
        ['a missing circuit', () => ({ commitment: 'a'.repeat(64) })],
        ['a malformed circuit', () => ({ commitment: 'a'.repeat(64), circuit: 'circuit-today' })],
        ['another day’s circuit', () => ({ commitment: 'a'.repeat(64), circuit: 'triad-circuit-2001-01-01' })],
        ['a challenger over 80 characters', () => ({ commitment: 'a'.repeat(64), circuit, challenger: 'c'.repeat(81) })],
        ['a model over 120 characters', () => ({ commitment: 'a'.repeat(64), circuit, model: 'm'.repeat(121) })],
        ['a sentBy over 120 characters', () => ({ commitment: 'a'.repeat(64), circuit, sentBy: 's'.repeat(121) })],
      ];
      it.each(invites)('invite refuses %s', async (_, params) => {
        expectProblem(await api.get(`${BASE}/invite?${q(params())}`), 400);
      });

      const responds: [string, () => Record<string, string>, string][] = [
        ['a missing invite token', () => ({ moves: THEIRS }), 'invalid-request'],
        ['a junk invite token', () => ({ inviteToken: 'junk', moves: THEIRS }), 'invalid-token'],
        [
          'a tampered invite token',
          () => ({ inviteToken: inviteToken.slice(0, 40) + (inviteToken[40] === 'A' ? 'B' : 'A') + inviteToken.slice(41), moves: THEIRS }),
          'invalid-token',
        ],
        ['a response token as an invite', () => ({ inviteToken: responseToken, moves: THEIRS }), 'invalid-token'],
        ['an oversize token', () => ({ inviteToken: 'x'.repeat(12_001), moves: THEIRS }), 'invalid-request'],
        ['11 moves', () => ({ inviteToken, moves: 'RRRRPPPPSSS' }), 'invalid-request'],
        ['13 moves', () => ({ inviteToken, moves: 'RRRRPPPPSSSSR' }), 'invalid-request'],
        ['five of one move', () => ({ inviteToken, moves: 'RRRRRPPPSSSS' }), 'invalid-request'],
        ['an unknown letter', () => ({ inviteToken, moves: 'RRRRPPPPSSSX' }), 'invalid-request'],
        ['missing moves', () => ({ inviteToken }), 'invalid-request'],
        ['a responder over 80 characters', () => ({ inviteToken, moves: THEIRS, responder: 'r'.repeat(81) }), 'invalid-request'],
      ];
      it.each(responds)('respond refuses %s', async (_, params, slug) => {
        expectProblem(await api.get(`${BASE}/respond?${q(params())}`), 400, slug);
      });

      const reveals: [string, () => Record<string, string>, string][] = [
        ['a junk response token', () => ({ responseToken: 'a.b.c', moves: MINE, nonce: NONCE }), 'invalid-token'],
        ['an invite token as a response', () => ({ responseToken: inviteToken, moves: MINE, nonce: NONCE }), 'invalid-token'],
        ['a bad inventory', () => ({ responseToken, moves: 'RRRRRRPPSSSS', nonce: NONCE }), 'invalid-request'],
        ['a nonce of 15 characters', () => ({ responseToken, moves: MINE, nonce: 'n'.repeat(15) }), 'invalid-request'],
        ['a nonce of 129 characters', () => ({ responseToken, moves: MINE, nonce: 'n'.repeat(129) }), 'invalid-request'],
        ['a nonce with a space', () => ({ responseToken, moves: MINE, nonce: 'nonce with spaces!!' }), 'invalid-request'],
        ['a nonce beyond ASCII', () => ({ responseToken, moves: MINE, nonce: 'nonce-with-é-0001' }), 'invalid-request'],
        ['a nonce with a control character', () => ({ responseToken, moves: MINE, nonce: 'nonce-with-tab\t0001' }), 'invalid-request'],
        ['other moves than committed', () => ({ responseToken, moves: 'PPPPRRRRSSSS', nonce: NONCE }), 'commitment-mismatch'],
        ['another nonce than committed', () => ({ responseToken, moves: MINE, nonce: `${NONCE}x` }), 'commitment-mismatch'],
      ];
      it.each(reveals)('reveal refuses %s', async (_, params, slug) => {
        expectProblem(await api.get(`${BASE}/reveal?${q(params())}`), 400, slug);
      });

      it('verify refuses a bad signature, a tampered checksum, another game’s receipt and another kind of token', async () => {
        const revealed = (await api.get(`${BASE}/reveal?${q({ responseToken, moves: MINE, nonce: NONCE })}`)).body;
        const [header, payload, signature] = revealed.receipt.token.split('.');
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
        claims.result.totals.challenger += 10;
        const edited = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
        const packetRun = (await api.get('/api/games/packet-run/play?actions=UU')).body.receipt.token;
        const trial = (await api.get('/api/games/packet-run/trial')).body.challengeToken;
        for (const receiptToken of ['junk', edited, packetRun, trial, inviteToken]) {
          expectProblem(await api.get(`${BASE}/verify?${q({ receiptToken })}`), 400, 'invalid-token');
        }
        expectProblem(await api.get(`${BASE}/verify`), 400, 'invalid-request');
      });

      it('refuses other methods with 405', async () => {
        const answer = await api.send(`${BASE}/invite`, { method: 'POST' });
        expectProblem(answer, 405);
        expect(answer.headers.get('allow')).toContain('GET');
      });
    });
  });
}
