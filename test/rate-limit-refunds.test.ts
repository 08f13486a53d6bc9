/**
 * A refusal is never charged to a client's hourly budget of anonymous writes: a write answered
 * 4xx (a 429 included) or 5xx leaves the budget as it was, while the writes that are kept stay
 * within it, concurrent ones included. In process, with a clock the test holds.
 */
import { describe, expect, it } from 'vitest';
import { createArena, randomSeed, type ArenaOptions } from '../core/index.ts';
import { openMemoryStore } from './support/fixtures/memory-store.ts';
import { finishingTape, forgedToken, freshKey, freshNonce } from './support/fixtures/league.ts';

const CHECK_IN = { displayName: 'Counted', model: 'unknown', sentBy: 'a test', purpose: 'Counting.', operatorAuthorized: true };
const CLIENT = { clientAddress: '203.0.113.9' };

async function arenaWith(options: Partial<ArenaOptions>) {
  const clock = { now: Date.parse('2031-03-01T12:00:00Z') };
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore(), now: () => clock.now, ...options });
  const post = async (path: string, body: unknown) => {
    const request = new Request(`http://arena.test${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() },
    });
    const response = await arena.fetch(request, CLIENT);
    return { status: response.status, body: await response.json() };
  };
  const league = async () => (await arena.fetch(new Request('http://arena.test/api/league'))).json();
  const join = async (handle: string, challengeToken?: string) => {
    const today = await league();
    return post('/api/league/join', {
      challengeToken: challengeToken ?? today.challengeToken,
      actions: finishingTape(today.board),
      registrationNonce: freshNonce(),
      agent: { handle },
    });
  };
  const arrivals = async () => (await (await arena.fetch(new Request('http://arena.test/api/arrival'))).json()).count;
  return { clock, post, league, join, arrivals };
}

describe('the hourly budget of anonymous writes', () => {
  it('lets a genuine join through after more refused joins (a forged token) than the hour allows', async () => {
    const { join, league } = await arenaWith({ anonymousWritesPerHour: 30 });
    const bad = forgedToken((await league()).challengeToken);
    const refused = [];
    for (let i = 0; i < 31; i++) refused.push((await join(`forger-${i}`, bad)).status);
    expect(new Set(refused)).toEqual(new Set([400]));
    const genuine = await join('genuine');
    expect(genuine.status, JSON.stringify(genuine.body)).toBe(200);
  });

  it('still refuses a flood past the limit with 429, hour after hour', async () => {
    const { clock, post } = await arenaWith({ anonymousWritesPerHour: 3 });
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('/api/arrival', CHECK_IN)).status);
    expect(statuses).toEqual([201, 201, 201, ...Array(9).fill(429)]);
    clock.now += 3_600_000;
    const next = [];
    for (let i = 0; i < 4; i++) next.push((await post('/api/arrival', CHECK_IN)).status);
    expect(next).toEqual([201, 201, 201, 429]);
  });

  it('keeps no more than the limit of many concurrent writes', async () => {
    const { post, arrivals } = await arenaWith({ anonymousWritesPerHour: 3 });
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => post('/api/arrival', CHECK_IN)))).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    expect(await arrivals()).toBe(3);
  });

  it('is not charged for check-ins the daily cap refuses, and the cap counts only kept check-ins', async () => {
    const { clock, post, join, arrivals } = await arenaWith({ anonymousWritesPerHour: 4, arrivalDailyCap: 2 });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await post('/api/arrival', CHECK_IN)).status);
    expect(statuses).toEqual([201, 201, ...Array(6).fill(429)]);
    // Two charges of four: the six refusals cost nothing, so two more writes fit in the hour.
    expect((await join('after-the-cap')).status).toBe(200);
    expect((await join('and-another')).status).toBe(200);
    expect((await join('one-too-many')).status).toBe(429);
    expect(await arrivals()).toBe(2);
    // The next day (and hour) the cap has room for two again: refusals were never numbered.
    clock.now += 24 * 3_600_000;
    const tomorrow = [];
    for (let i = 0; i < 3; i++) tomorrow.push((await post('/api/arrival', CHECK_IN)).status);
    expect(tomorrow).toEqual([201, 201, 429]);
  });
});
