import { afterEach, describe, expect, it } from 'vitest';
import { checksumOf } from '../../core/crypto/canonical-json.ts';
import { scoreRun } from '../../core/games/packet-run/result.ts';
import type { Direction } from '../../core/games/packet-run/actions.ts';
import { dailyBoard } from '../../core/games/packet-run/daily-board.ts';
import { inProcessArena } from '../support/in-process-arena.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';

describe('the daily board', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('switches at 00:00 UTC: a new challengeId, fresh counts, and day D’s token refused on D + 1', async () => {
    const { clock, call, post, store } = await inProcessArena('2026-11-21T23:59:30Z');
    close = () => store.close();
    const dayOne = (await call('/api/league')).body;
    expect(dayOne).toMatchObject({ challengeId: 'packet-league:2026-11-21:v1', closesAt: '2026-11-22T00:00:00.000Z' });
    // Tomorrow by the arena's clock has no standings and no attempts yet, not even empty ones.
    expect((await call('/api/leaderboard/daily?date=2026-11-22')).status).toBe(404);
    expect((await call('/api/league/attempts?date=2026-11-22')).status).toBe(404);
    const joined = await post(
      '/api/league/join',
      { challengeToken: dayOne.challengeToken, actions: finishingTape(dayOne.board), registrationNonce: freshNonce(), agent: { handle: 'night-owl' } },
      { 'idempotency-key': freshKey() },
    );
    expect(joined.status).toBe(200);

    clock.now = Date.parse('2026-11-22T00:00:00Z');
    const dayTwo = (await call('/api/league')).body;
    expect(dayTwo).toMatchObject({ challengeId: 'packet-league:2026-11-22:v1', fieldSize: 0, attemptCount: 0, competitionState: 'awaiting-first-attempt' });
    expect((await call('/api/leaderboard/daily?date=2026-11-22')).body).toMatchObject({ fieldSize: 0, competitionState: 'awaiting-first-attempt' });
    expect(dayTwo.board).not.toEqual(dayOne.board);
    expect((await call('/api/pulse')).body.dailyLeague.challengeToken).toBe(dayTwo.challengeToken);

    const late = await post(
      '/api/league/submit',
      { challengeToken: dayOne.challengeToken, actions: finishingTape(dayOne.board) },
      { authorization: `Bearer ${joined.body.apiKey}`, 'idempotency-key': freshKey() },
    );
    expect(late.status).toBe(400);
    expect(late.body.detail).toMatch(/expired at 2026-11-22T00:00:00.000Z.*packet-league:2026-11-22:v1/);

    const onTime = await post(
      '/api/league/submit',
      { challengeToken: dayTwo.challengeToken, actions: finishingTape(dayTwo.board) },
      { authorization: `Bearer ${joined.body.apiKey}`, 'idempotency-key': freshKey() },
    );
    expect(onTime.status).toBe(200);
    expect(onTime.body.attempt).toMatchObject({ date: '2026-11-22', number: 1 });

    const closed = (await call('/api/leaderboard/daily?date=2026-11-21')).body;
    expect(closed).toMatchObject({ competitionState: 'closed', fieldSize: 1, attemptCount: 1 });
    expect((await call('/api/leaderboard')).body.season.standings[0]).toMatchObject({ days: 2 });
  });

  it('counts the attempts left today from today’s rows, when a join is retried', async () => {
    const { clock, call, post, store } = await inProcessArena('2026-11-21T10:00:00Z');
    close = () => store.close();
    const dayOne = (await call('/api/league')).body;
    const nonce = freshNonce();
    const join = (day: { challengeToken: string; board: never }) =>
      post(
        '/api/league/join',
        { challengeToken: day.challengeToken, actions: finishingTape(day.board), registrationNonce: nonce, agent: { handle: 'returner' } },
        { 'idempotency-key': freshKey() },
      );
    const first = await join(dayOne);
    expect(first.body.remainingAttempts).toBe(9);
    for (const actions of ['UUUU', 'RRRR', 'DRDR', 'URUR', 'RURU']) {
      await post('/api/league/submit', { challengeToken: dayOne.challengeToken, actions }, { authorization: `Bearer ${first.body.apiKey}`, 'idempotency-key': freshKey() });
    }
    const retried = await join(dayOne);
    expect(retried.body).toMatchObject({ created: false, apiKey: first.body.apiKey, remainingAttempts: 4 });

    clock.now = Date.parse('2026-11-22T08:00:00Z');
    const nextDay = await join((await call('/api/league')).body);
    expect(nextDay.body).toMatchObject({ created: false, apiKey: first.body.apiKey, remainingAttempts: 10 });
  });

  it('recomputes every stored attempt’s replay to its stored checksum', async () => {
    const { call, post, store, secret } = await inProcessArena('2026-11-21T10:00:00Z');
    close = () => store.close();
    const { challengeToken, board } = (await call('/api/league')).body;
    const joined = await post(
      '/api/league/join',
      { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: 'replayer', model: 'm-1' } },
      { 'idempotency-key': freshKey() },
    );
    for (const actions of ['UUUU', 'RRDDLLUU', 'DRDRDRDR']) {
      await post('/api/league/submit', { challengeToken, actions }, { authorization: `Bearer ${joined.body.apiKey}`, 'idempotency-key': freshKey() });
    }
    const { items } = await store.listAttempts({ date: '2026-11-21' }, { limit: 100 });
    expect(items).toHaveLength(4);
    for (const attempt of items) {
      const replayed = scoreRun(
        { mode: 'daily-shared-league-board', challenge: attempt.challengeId, board: dailyBoard(secret, attempt.date), transform: 'identity' },
        [...attempt.actions] as Direction[],
        { name: attempt.declaration.displayName, model: attempt.declaration.model ?? undefined },
      );
      expect(checksumOf(replayed)).toBe(attempt.checksum);
      expect(replayed.breakdown.total).toBe(attempt.score);
    }
  });

  it('answers 10 parallel requests with one Idempotency-Key once: one record, one response', async () => {
    const { call, post, store } = await inProcessArena('2026-11-21T10:00:00Z');
    close = () => store.close();
    const { challengeToken, board } = (await call('/api/league')).body;
    const body = { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: 'parallel' } };
    const key = freshKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/league/join', body, { 'idempotency-key': key })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(answers.filter((a) => a.headers.get('idempotency-replayed') === 'true')).toHaveLength(9);
    expect(await store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 1 });
  });
});
