import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyRing } from '../../core/crypto/key-ring.ts';
import { createTokens } from '../../core/crypto/tokens.ts';
import { finishingTape, freshKey, freshNonce, stuckTape } from '../support/fixtures/league.ts';
import { client, expectProblem } from '../support/http.ts';
import type { Target } from './define.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function league(target: Target): void {
  const api = client(target.baseUrl);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => api.postJson(path, body, { 'idempotency-key': freshKey(), ...headers });
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  describe('Daily Packet League', () => {
    let token: string;
    let board: any;
    let tape: string;
    let today: string;
    let first: { apiKey: string; agentId: string; nonce: string };

    beforeAll(async () => {
      const status = (await api.get('/api/league')).body;
      token = status.challengeToken;
      board = status.board;
      today = status.challengeDate;
      tape = finishingTape(board);
    });

    it('publishes today’s board and an empty field, every count real', async () => {
      const { status, body } = await api.get('/api/league');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        challengeId: `packet-league:${today}:v1`,
        challengeDate: new Date().toISOString().slice(0, 10),
        closesAt: `${new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString()}`,
        fieldSize: 0,
        finisherCount: 0,
        attemptCount: 0,
        maximumAttemptsPerAgent: 10,
        competitionState: 'awaiting-first-attempt',
        competitive: false,
      });
      expect(body.board).toMatchObject({ width: 8, height: 8 });
      expect(body.board.walls).toHaveLength(10);
      expect(body.board.signals).toHaveLength(6);
      expect(body.board.hazards).toHaveLength(4);
      const pulse = await api.get('/api/pulse');
      expect(pulse.body.dailyLeague.challengeToken).toEqual(expect.any(String));
      expect(pulse.body.dailyLeague.challengeId).toBe(body.challengeId);
      const leaderboard = await api.get('/api/leaderboard');
      expect(leaderboard.body).toMatchObject({ state: 'preseason', daily: { standings: [] }, season: { standings: [] } });
    });

    it('joins with a finishing tape and a nonce, returning the key once and atomically', async () => {
      const nonce = freshNonce();
      const key = freshKey();
      const body = {
        challengeToken: token,
        actions: tape,
        registrationNonce: nonce,
        agent: { handle: `first-${target.runtime}`, displayName: 'First <Agent>', model: 'm', sentBy: 'conformance' },
      };
      const joined = await api.postJson('/api/league/join', body, { 'idempotency-key': key });
      expect(joined.status, joined.text).toBe(200);
      expect(joined.body.apiKey).toMatch(/^arena_[A-Za-z0-9_-]{43}$/);
      expect(joined.body).toMatchObject({
        created: true,
        agent: { handle: `first-${target.runtime}`, displayName: 'First <Agent>' },
        attempt: { number: 1, kind: 'join', reachedExit: true },
      });
      expect(joined.body.attempt.result.replay.length).toBeGreaterThan(0);
      first = { apiKey: joined.body.apiKey, agentId: joined.body.agent.id, nonce };

      const replayed = await api.postJson('/api/league/join', body, { 'idempotency-key': key });
      expect(replayed.status).toBe(200);
      expect(replayed.headers.get('idempotency-replayed')).toBe('true');
      expect(replayed.body).toEqual(joined.body);

      expectProblem(
        await api.postJson('/api/league/join', { ...body, agent: { ...body.agent, displayName: 'Changed' } }, { 'idempotency-key': key }),
        422,
        'idempotency-key-reused',
      );

      const again = await post('/api/league/join', body);
      expect(again.body).toMatchObject({ apiKey: first.apiKey, created: false, agent: { id: first.agentId }, attempt: { id: joined.body.attempt.id } });
      const status = (await api.get('/api/league')).body;
      expect(status).toMatchObject({ fieldSize: 1, finisherCount: 1, attemptCount: 1, competitionState: 'forming', competitive: false });
    });

    it('refuses joins without a finishing tape, with a taken handle, or without an Idempotency-Key', async () => {
      const join = (overrides: Record<string, unknown>) => ({
        challengeToken: token,
        actions: tape,
        registrationNonce: freshNonce(),
        agent: { handle: `other-${target.runtime}` },
        ...overrides,
      });
      expectProblem(await post('/api/league/join', join({ actions: stuckTape(board) })), 400, 'invalid-request');
      expectProblem(await post('/api/league/join', join({ agent: { handle: `first-${target.runtime}` } })), 409, 'conflict');
      expectProblem(await api.postJson('/api/league/join', join({})), 400, 'invalid-request');
      for (const bad of [
        { registrationNonce: 'short' },
        { registrationNonce: 'x'.repeat(129) },
        { registrationNonce: `${'x'.repeat(40)}+/` },
        { agent: { handle: 'A' } },
        { agent: { handle: 'ok-handle', displayName: 'd'.repeat(81) } },
        { agent: { handle: 'ok-handle', apiKey: 'x' } },
        { actions: 'UUXR' },
        { challengeToken: 'junk' },
      ]) {
        const answer = await post('/api/league/join', join(bad));
        expect(answer.status, JSON.stringify(bad)).toBe(400);
      }
      expect((await api.get('/api/league')).body.fieldSize).toBe(1);
    });

    it('answers every wrong credential with 401 and WWW-Authenticate, and the operator token with 403', async () => {
      for (const headers of [{}, { authorization: 'Basic abc' }, bearer('arena_short'), bearer(`arena_${'A'.repeat(43)}`), bearer(token)]) {
        const answer = await post('/api/league/submit', { challengeToken: token, actions: tape }, headers);
        expectProblem(answer, 401, 'unauthorized');
        expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="agent-arena"/);
      }
      expectProblem(await post('/api/league/submit', { challengeToken: token, actions: tape }, bearer(target.operatorToken)), 403, 'forbidden');
    });

    it('retains up to 10 attempts a day per agent, then answers 409', async () => {
      const numbers: number[] = [];
      const sent: { key: string; body: unknown; text: string }[] = [];
      for (let i = 0; i < 9; i++) {
        const key = freshKey();
        const body = { challengeToken: token, actions: i % 2 ? tape : stuckTape(board) };
        const answer = await post('/api/league/submit', body, { ...bearer(first.apiKey), 'idempotency-key': key });
        expect(answer.status, answer.text).toBe(200);
        numbers.push(answer.body.attempt.number);
        expect(answer.body.remainingAttempts).toBe(10 - answer.body.attempt.number);
        sent.push({ key, body, text: answer.text });
      }
      expect(numbers).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expectProblem(await post('/api/league/submit', { challengeToken: token, actions: tape }, bearer(first.apiKey)), 409, 'conflict');
      expect((await api.get('/api/league')).body.attemptCount).toBe(10);
      // A submit's answer is made again from its attempt: the same bytes, even with the day's limit reached.
      for (const { key, body, text } of [sent[0]!, sent[8]!]) {
        const replayed = await post('/api/league/submit', body, { ...bearer(first.apiKey), 'idempotency-key': key });
        expect(replayed.status, replayed.text).toBe(200);
        expect(replayed.headers.get('idempotency-replayed')).toBe('true');
        expect(replayed.text).toBe(text);
      }
      expect((await api.get('/api/league')).body.attemptCount).toBe(10);
    });

    it('refuses another day’s board token, and tokens of other kinds', async () => {
      const keys = await createKeyRing({ signingSeed: target.signingSeed });
      const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000);
      const stale = await createTokens({ keys, now: () => yesterday.getTime(), issuer: 'agent-arena' }).sign(
        'league',
        { challengeId: `packet-league:${yesterday.toISOString().slice(0, 10)}:v1`, date: yesterday.toISOString().slice(0, 10), board },
        { expiresAt: Date.parse(`${today}T00:00:00Z`) },
      );
      const expired = await post('/api/league/submit', { challengeToken: stale, actions: tape }, bearer(first.apiKey));
      expectProblem(expired, 400, 'invalid-token');
      expect(expired.body.detail).toMatch(/expired.*board is closed/);
      const trial = (await api.get('/api/games/packet-run/trial')).body.challengeToken;
      expectProblem(
        await post('/api/league/join', { challengeToken: trial, actions: tape, registrationNonce: freshNonce(), agent: { handle: 'trial-user' } }),
        400,
        'invalid-token',
      );
    });

    it('makes the field competitive with a second finisher, and labels a field of one honestly', async () => {
      const single = (await api.get('/api/leaderboard')).body;
      expect(single.daily.standings).toHaveLength(1);
      expect(single.daily.standings[0]).toMatchObject({ rank: 1, competitive: false, label: expect.stringContaining('not a competitive win') });
      const joined = await post('/api/league/join', { challengeToken: token, actions: tape, registrationNonce: freshNonce(), agent: { handle: `second-${target.runtime}` } });
      expect(joined.status, joined.text).toBe(200);
      const status = (await api.get('/api/league')).body;
      expect(status).toMatchObject({ fieldSize: 2, finisherCount: 2, attemptCount: 11, competitionState: 'competitive', competitive: true });
      const board2 = (await api.get('/api/leaderboard')).body;
      expect(board2.state).toBe('season-zero');
      expect(board2.daily.standings.map((row: any) => row.rank)).toEqual([1, 2]);
      expect(board2.daily.standings[0].label).toBeUndefined();
      // Equal best scores: the earlier attempt ranks first.
      expect(board2.daily.standings[0].agent.id).toBe(first.agentId);
      expect(board2.season.standings).toHaveLength(2);
    });

    it('publishes every retained attempt with replay, checksum and declaration, paged newest first', async () => {
      const seen: any[] = [];
      let cursor: string | null = null;
      do {
        const page: any = await api.get(`/api/league/attempts?date=${today}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.attempts);
        cursor = page.body.next;
      } while (cursor);
      expect(seen).toHaveLength(11);
      expect(new Set(seen.map((a) => a.id)).size).toBe(11);
      const mine = await api.get(`/api/league/attempts?agent=${first.agentId}&limit=100`);
      expect(mine.body.attempts).toHaveLength(10);

      const one = await api.get(`/api/league/attempts/${seen[0].id}`);
      expect(one.status).toBe(200);
      const { receipt, ...result } = one.body.result;
      expect(one.body.checksum).toBe(`sha256:${sha256(canonicalize(result)!)}`);
      expect(receipt.token).toBe(one.body.receiptToken);
      expect(one.body.declaration).toHaveProperty('handle');
      const everything = JSON.stringify(seen) + JSON.stringify(one.body);
      expect(everything).not.toContain(first.apiKey);
      expect(everything).not.toContain(first.nonce);

      expectProblem(await api.get('/api/league/attempts/att_missing'), 404, 'not-found');
      expectProblem(await api.get('/api/league/attempts?cursor=not-a-cursor'), 400, 'invalid-request');
      expectProblem(await api.get('/api/league/attempts?date=21-11-2026'), 400, 'invalid-request');
      expectProblem(await api.get('/api/league/attempts?limit=101'), 400, 'invalid-request');
    });

    it('pages the day’s standings and the season totals', async () => {
      const field = (await api.get('/api/league')).body.fieldSize;
      const ranks: number[] = [];
      let cursor: string | null = null;
      do {
        const page: any = await api.get(`/api/leaderboard/daily?date=${today}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.status, page.text).toBe(200);
        expect(page.body).toMatchObject({ date: today, fieldSize: field, competitionState: 'competitive' });
        ranks.push(...page.body.standings.map((row: { rank: number }) => row.rank));
        cursor = page.body.next;
      } while (cursor);
      expect(ranks).toEqual([1, 2]);
      const season = await api.get('/api/leaderboard/season?limit=100');
      expect(season.status, season.text).toBe(200);
      expect(season.body.standings.map((row: { rank: number }) => row.rank)).toEqual([1, 2]);
      expectProblem(await api.get('/api/leaderboard/daily?date=2031-02-30'), 400, 'invalid-request');
      expectProblem(await api.get('/api/leaderboard/season?cursor=junk'), 400, 'invalid-request');
    });

    it('answers 404 for a day after today or before the arena was founded, on every date-taking read', async () => {
      const { founded } = (await api.get('/api')).body;
      const dayBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
      // Two days ahead: still after today should the UTC date turn while the test runs.
      const future = dayBefore(today, -2);
      for (const path of ['/api/leaderboard/daily', '/api/league/attempts']) {
        for (const date of [future, '2099-01-01', dayBefore(founded, 1), '2000-01-01']) {
          const answer = await api.get(`${path}?date=${date}`);
          expectProblem(answer, 404, 'not-found');
          expect(answer.body.detail, `${path}?date=${date}`).toContain(date);
        }
        for (const date of [founded, today]) expect((await api.get(`${path}?date=${date}`)).status, `${path}?date=${date}`).toBe(200);
      }
    });

    it('holds the nonce and tape bounds of join and submit at the limit and one past it', async () => {
      const join = (nonce: string, actions: unknown, handle: string) =>
        post('/api/league/join', { challengeToken: token, actions, registrationNonce: nonce, agent: { handle: `${handle}-${target.runtime}` } });
      // A tape padded to 20 moves still finishes: moves after EXIT are ignored.
      const twenty = tape + 'U'.repeat(20 - tape.length);
      for (const [nonce, actions] of [
        ['n'.repeat(31), tape],
        ['n'.repeat(129), tape],
        [freshNonce(), ''],
        [freshNonce(), []],
        [freshNonce(), `${twenty}U`],
      ] as const) {
        expectProblem(await join(nonce, actions, 'bounded'), 400, 'invalid-request');
      }
      const atLimits = [await join(freshNonce().slice(0, 32), tape, 'nonce-32'), await join(`${freshNonce()}${'n'.repeat(128)}`.slice(0, 128), twenty, 'nonce-128')];
      for (const answer of atLimits) expect(answer.status, answer.text).toBe(200);
      expect(atLimits[1]!.body.attempt.result).toMatchObject({ usedActions: tape.length, ignoredActions: 20 - tape.length });

      const submit = (actions: unknown) => post('/api/league/submit', { challengeToken: token, actions }, bearer(atLimits[0]!.body.apiKey));
      for (const actions of ['', [], 'U'.repeat(21), Array(21).fill('R')]) expectProblem(await submit(actions), 400, 'invalid-request');
      const full = await submit('UD'.repeat(10));
      expect(full.status, full.text).toBe(200);
      expect(full.body.attempt.actions).toHaveLength(20);
    });
  });
}
