import { describe, expect, it } from 'vitest';
import { createKeyRing } from '../../core/crypto/key-ring.ts';
import { createTokens } from '../../core/crypto/tokens.ts';
import { randomSeed } from '../../core/index.ts';
import { CLASSIC_BOARD } from '../../core/games/packet-run/board.ts';
import { transformDirection, type TransformName } from '../../core/games/packet-run/transforms.ts';
import type { Direction } from '../../core/games/packet-run/actions.ts';
import { client, expectProblem } from '../support/http.ts';
import type { Target } from './define.ts';

const OBSIDIAN_TAPE = 'UURRUURUURRRDUUR';
const PLAY = '/api/games/packet-run/play';
const SUBMIT = '/api/games/packet-run/submit';

export function packetRun(target: Target): void {
  const api = client(target.baseUrl);

  /** Signs a token with the server's own key but a chosen clock, kind and claims. */
  async function craftToken(kind: 'trial' | 'receipt', claims: Record<string, unknown>, at: number, ttlSeconds?: number, seed = target.signingSeed) {
    const keys = await createKeyRing({ signingSeed: seed });
    return createTokens({ keys, now: () => at, issuer: 'agent-arena' }).sign(kind, claims, ttlSeconds ? { ttlSeconds } : {});
  }

  describe('Packet Run', () => {
    it('lists the game in the catalog', async () => {
      const answer = await api.get('/api/games');
      expect(answer.status).toBe(200);
      expect(answer.body.games.map((game: { id: string }) => game.id)).toContain('packet-run');
    });

    it('publishes the classic board of the spec with its rules and benchmarks', async () => {
      const { status, body } = await api.get('/api/games/packet-run');
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: 'packet-run', challenge: 'season-0-grid-a', version: '1.0.0', deterministic: true });
      expect(body.board).toMatchObject({ width: 8, height: 8, start: CLASSIC_BOARD.start, exit: CLASSIC_BOARD.exit });
      expect(body.board.walls).toEqual(CLASSIC_BOARD.walls);
      expect(body.board.signals).toEqual(CLASSIC_BOARD.signals);
      expect(body.board.hazards).toEqual(CLASSIC_BOARD.hazards);
      expect(body.benchmarks).toEqual([
        { id: 'BRONZE', minimum: 1 },
        { id: 'SILVER', minimum: 55 },
        { id: 'GOLD', minimum: 70 },
        { id: 'OBSIDIAN', minimum: 76 },
      ]);
    });

    it('plays the classic board by GET and returns the whole result', async () => {
      const { status, body } = await api.get(`${PLAY}?actions=${OBSIDIAN_TAPE}&agent=tester`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        game: 'packet-run',
        mode: 'classic-benchmark',
        challenge: 'season-0-grid-a',
        board: { id: 'season-0-grid-a', transform: 'identity' },
        actions: [...OBSIDIAN_TAPE],
        usedActions: 16,
        ignoredActions: 0,
        reachedExit: true,
        benchmark: 'OBSIDIAN',
        breakdown: { signals: 38, exit: 30, efficiency: 8, hazards: 0, collisions: 0, total: 76 },
        declaration: { name: 'tester' },
        receipt: { checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), token: expect.any(String) },
      });
      expect(body.replay).toHaveLength(16);
      expect(body.replay.at(-1)).toMatchObject({ event: 'exit', to: { x: 7, y: 0 }, score: 76 });
    });

    it('takes both input grammars by POST and scores them alike', async () => {
      const fromString = await api.postJson(SUBMIT, { actions: 'u u>r-r, u;u|r\tu u r r r d u u r' });
      const fromArray = await api.postJson(SUBMIT, { actions: [...OBSIDIAN_TAPE.toLowerCase()] });
      expect(fromString.status, fromString.text).toBe(200);
      expect(fromArray.status, fromArray.text).toBe(200);
      expect(fromString.body.actions).toEqual([...OBSIDIAN_TAPE]);
      expect(fromString.body.receipt.checksum).toBe(fromArray.body.receipt.checksum);
    });

    it('echoes the declaration and scores collisions, hazards and ignored actions', async () => {
      const agent = { name: 'probe <b>', model: 'model-x', sentBy: 'operator' };
      const { status, body } = await api.postJson(SUBMIT, { actions: 'LUURRDUD', agent });
      expect(status).toBe(200);
      expect(body.declaration).toEqual(agent);
      expect(body.replay.map((frame: { event: string }) => frame.event)).toEqual(['collision', 'move', 'signal', 'move', 'signal', 'hazard', 'move', 'hazard']);
      expect(body.replay[2]).toMatchObject({ signal: 'LIME', delta: 4, to: { x: 0, y: 5 } });
      expect(body.breakdown).toEqual({ signals: 10, exit: 0, efficiency: 0, hazards: -12, collisions: -3, total: -5 });
      expect(body.benchmark).toBeNull();

      const afterExit = await api.postJson(SUBMIT, { actions: `${OBSIDIAN_TAPE}DDLL` });
      expect(afterExit.body).toMatchObject({ usedActions: 16, ignoredActions: 4, benchmark: 'OBSIDIAN' });
      expect(afterExit.body.breakdown.total).toBe(76);
      expect(afterExit.body.replay.slice(16).every((frame: { event: string }) => frame.event === 'ignored')).toBe(true);
    });

    it('issues a signed trial on a transformed board that the mapped optimal tape still wins', async () => {
      const trial = await api.get('/api/games/packet-run/trial');
      expect(trial.status).toBe(200);
      const transform = trial.body.transform as TransformName;
      expect(trial.body).toMatchObject({ mode: 'signed-trial', challengeToken: expect.any(String) });
      expect(new Date(trial.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
      const mapped = [...OBSIDIAN_TAPE].map((letter) => transformDirection(transform, letter as Direction)).join('');
      const run = await api.postJson(SUBMIT, { actions: mapped, challengeToken: trial.body.challengeToken });
      expect(run.status, run.text).toBe(200);
      expect(run.body).toMatchObject({ mode: 'signed-trial', board: { transform }, benchmark: 'OBSIDIAN' });
      expect(run.body.breakdown.total).toBe(76);
    });

    describe('bad input is a 4xx problem, never a 5xx', () => {
      const badBodies: [string, unknown][] = [
        ['actions of the wrong type', { actions: 5 }],
        ['actions as an object', { actions: { U: 1 } }],
        ['actions null', { actions: null }],
        ['missing actions', {}],
        ['a non-string array item', { actions: [1] }],
        ['a multi-letter array item', { actions: ['UU'] }],
        ['an unknown letter in an array', { actions: ['U', 'X'] }],
        ['an unknown letter in a string', { actions: 'UUXR' }],
        ['an unknown Unicode letter', { actions: 'UＵR' }],
        ['21 actions as a string', { actions: 'U'.repeat(21) }],
        ['21 actions as an array', { actions: Array(21).fill('U') }],
        ['a string over 64 characters', { actions: `${'U,'.repeat(32)}U` }],
        ['no actions in a string', { actions: ' - ' }],
        ['an empty array', { actions: [] }],
        ['an agent that is a string', { actions: 'U', agent: 'bot' }],
        ['an agent name of the wrong type', { actions: 'U', agent: { name: 5 } }],
        ['an agent name over 80 characters', { actions: 'U', agent: { name: 'n'.repeat(81) } }],
        ['an agent model over 120 characters', { actions: 'U', agent: { model: 'm'.repeat(121) } }],
        ['an agent sentBy over 120 characters', { actions: 'U', agent: { sentBy: 's'.repeat(121) } }],
        ['an unknown agent field', { actions: 'U', agent: { apiKey: 'x' } }],
        ['a control character in a declaration', { actions: 'U', agent: { name: 'a\u0007b' } }],
        ['a lone surrogate in a declaration', { actions: 'U', agent: { name: 'a\ud800b' } }],
        ['an unknown top-level field', { actions: 'U', score: 76 }],
        ['a challengeToken of the wrong type', { actions: 'U', challengeToken: 5 }],
        ['a body that is an array', ['U']],
        ['a body that is a string', 'UURR'],
        ['a body that is null', null],
      ];
      it.each(badBodies)('POST submit refuses %s with 400', async (_, body) => {
        expectProblem(await api.postJson(SUBMIT, body), 400, 'invalid-request');
      });

      it('names the bad character and its position, or the bound passed', async () => {
        const detail = async (actions: unknown) => (await api.postJson(SUBMIT, { actions })).body.detail as string;
        expect(await detail('UUXR')).toMatch(/"X".*position 3/);
        expect(await detail(['U', 'X'])).toMatch(/item 1 is "X"/);
        expect(await detail('U'.repeat(21))).toMatch(/at most 20 actions/);
        expect(await detail(`${'U,'.repeat(32)}U`)).toMatch(/at most 64 characters/);
        expect(await detail(['U', 5])).toMatch(/^invalid body: actions\.1: /);
        expect(await detail(5)).toMatch(/must be a string of U, D, L, R or an array of them/);
        expect((await api.get(`${PLAY}?actions=UUXR`)).body.detail).toMatch(/"X".*position 3/);
      });

      it('accepts declarations at their exact limits', async () => {
        const agent = { name: 'n'.repeat(80), model: 'm'.repeat(120), sentBy: '😀'.repeat(120) };
        expect((await api.postJson(SUBMIT, { actions: 'U'.repeat(20), agent })).status).toBe(200);
        expect((await api.postJson(SUBMIT, { actions: 'U,'.repeat(20) + ' '.repeat(24) })).status).toBe(200);
      });

      const badQueries: [string, string][] = [
        ['missing actions', ''],
        ['actions over 20 characters', `actions=${'U'.repeat(21)}`],
        ['an unknown letter', 'actions=UUXR'],
        ['a repeated actions parameter', 'actions=UU&actions=RR'],
        ['an agent over 80 characters', `actions=UU&agent=${'a'.repeat(81)}`],
        ['no letters at all', 'actions=---'],
      ];
      it.each(badQueries)('GET play refuses %s with 400', async (_, query) => {
        expectProblem(await api.get(`${PLAY}?${query}`), 400, 'invalid-request');
      });

      it('refuses an expired trial token', async () => {
        const issuedAt = Date.now() - 16 * 60_000;
        const token = await craftToken('trial', { challenge: 'season-0-grid-a', transform: 'rotate-90' }, issuedAt, 15 * 60);
        const answer = await api.postJson(SUBMIT, { actions: 'UU', challengeToken: token });
        expectProblem(answer, 400, 'invalid-token');
        expect(answer.body.detail).toMatch(/expired/);
      });

      it('refuses a tampered trial token', async () => {
        const { challengeToken } = (await api.get('/api/games/packet-run/trial')).body as { challengeToken: string };
        const [header, payload, signature] = challengeToken.split('.') as [string, string, string];
        const swapped = payload[10] === 'A' ? 'B' : 'A';
        const tampered = [
          `${header}.${payload.slice(0, 10)}${swapped}${payload.slice(11)}.${signature}`,
          `${header}.${payload}.${signature.slice(0, -1)}${signature.at(-1) === 'A' ? 'Q' : 'A'}`,
          // A signature of another length: workerd's WebCrypto throws on it where Node's answers false.
          `${header}.${payload}.${signature}${signature.slice(0, 20)}`,
          `${header}.${payload}.${signature.slice(0, 40)}`,
          `${header}.${payload}.`,
          `${header}.${payload}`,
          'not-a-token',
        ];
        for (const token of tampered) expectProblem(await api.postJson(SUBMIT, { actions: 'UU', challengeToken: token }), 400, 'invalid-token');
      });

      it('refuses a token of another kind, or signed by another key', async () => {
        const receipt = (await api.get(`${PLAY}?actions=UU`)).body.receipt.token as string;
        const wrongKind = await api.postJson(SUBMIT, { actions: 'UU', challengeToken: receipt });
        expectProblem(wrongKind, 400, 'invalid-token');
        expect(wrongKind.body.detail).toMatch(/receipt token; a trial token is expected/);
        const foreign = await craftToken('trial', { challenge: 'season-0-grid-a', transform: 'rotate-90' }, Date.now(), 900, randomSeed());
        expectProblem(await api.postJson(SUBMIT, { actions: 'UU', challengeToken: foreign }), 400, 'invalid-token');
      });
    });
  });
}
