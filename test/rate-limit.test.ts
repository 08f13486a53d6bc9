import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../core/index.ts';
import { joinedAgent } from './support/agents.ts';
import { client, expectProblem, type Answer } from './support/http.ts';
import { finishingTape, forgedToken, freshKey, freshNonce } from './support/fixtures/league.ts';
import { realPostgres } from './support/postgres-cluster.ts';
import { RUNTIMES, startArena, type RunningArena } from './support/servers.ts';

const CHECK_IN = { displayName: 'Counted', model: 'unknown', sentBy: 'a test', purpose: 'Counting.', operatorAuthorized: true };
const LIMIT = 3;

/** Waits out the last 10 s of an hour, so a test's writes all fall in one window. */
async function awayFromHourBoundary(): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

function expectRateLimited(answer: Answer): void {
  expectProblem(answer, 429, 'rate-limited');
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

/**
 * Anonymous durable writes (league joins, capability redemptions, check-ins, key changes by registration) share one hourly
 * budget per client: past it, 429 with Retry-After and nothing kept, not even the key; replays
 * of completed writes and writes by a credential are not counted.
 */
describe.each(RUNTIMES)('the anonymous write budget on %s', (runtime) => {
  let arena: RunningArena | undefined;
  const api = client(() => arena!.baseUrl);
  beforeAll(async () => {
    arena = await startArena(runtime, { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_ANONYMOUS_WRITES_PER_HOUR: String(LIMIT) });
  });
  afterAll(async () => arena?.stop());

  it(`refuses the ${LIMIT + 1}th anonymous write of the hour with 429, and keeps nothing of it`, async () => {
    await awayFromHourBoundary();
    const agent = await joinedAgent(() => arena!.baseUrl, `budget-${runtime}`);
    const firstKey = freshKey();
    for (const key of [firstKey, freshKey()]) expect((await api.postJson('/api/arrival', CHECK_IN, { 'idempotency-key': key })).status).toBe(201);

    const refusedKey = freshKey();
    expectRateLimited(await api.postJson('/api/arrival', CHECK_IN, { 'idempotency-key': refusedKey }));
    // The key was released: the same request is refused again, not replayed as a 429.
    const again = await api.postJson('/api/arrival', CHECK_IN, { 'idempotency-key': refusedKey });
    expectRateLimited(again);
    expect(again.headers.get('idempotency-replayed')).toBeNull();
    const { challengeToken, board } = (await api.get('/api/league')).body;
    const join = { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: `over-${runtime}` } };
    expectRateLimited(await api.postJson('/api/league/join', join, { 'idempotency-key': freshKey() }));

    expect((await api.get('/api/arrival')).body.count).toBe(2);
    expect((await api.get('/api/pulse')).body.totals).toMatchObject({ agents: 1 });
    // A replay of a completed write costs nothing and is still answered.
    const replay = await api.postJson('/api/arrival', CHECK_IN, { 'idempotency-key': firstKey });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    // Writes by a credential are not anonymous.
    const submit = await api.postJson('/api/league/submit', { challengeToken, actions: 'UR' }, { authorization: `Bearer ${agent.key}`, 'idempotency-key': freshKey() });
    expect(submit.status, submit.text).toBe(200);
  });
});

const postgres = await realPostgres();

/** On PostgreSQL the budget is counted in the database: two instances share it. */
describe.skipIf(!postgres)('the anonymous write budget across two instances on one PostgreSQL', () => {
  const instances: RunningArena[] = [];
  beforeAll(async () => {
    const env = {
      DATABASE_URL: postgres!.url,
      ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
      ARENA_SECRET: encodeBase64Url(randomSeed()),
      ARENA_ANONYMOUS_WRITES_PER_HOUR: String(LIMIT),
      // So that a test can be a client of its own, whose budget no other test has spent.
      ARENA_TRUST_PROXY: '1',
    };
    instances.push(await startArena('node', env));
    instances.push(await startArena('node', env));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await postgres?.dispose();
  });

  it(`allows ${LIMIT} in all, whichever instance each reaches`, async () => {
    await awayFromHourBoundary();
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) answers.push(await client(() => instances[i % 2]!.baseUrl).postJson('/api/arrival', CHECK_IN, { 'idempotency-key': freshKey() }));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(LIMIT).fill(201), 429, 429]);
    expect((await client(() => instances[1]!.baseUrl).get('/api/arrival')).body.count).toBe(LIMIT);
  });

  it('keeps no more than the limit of concurrent writes to both, and charges none of the refused', async () => {
    await awayFromHourBoundary();
    const as = { 'x-forwarded-for': '203.0.113.77' };
    const api = (i: number) => client(() => instances[i % 2]!.baseUrl);
    const before = (await api(0).get('/api/arrival')).body.count;
    const { challengeToken, board } = (await api(0).get('/api/league')).body;
    const forged = { challengeToken: forgedToken(challengeToken), actions: finishingTape(board) };
    const forgedJoin = (i: number) =>
      api(i).postJson('/api/league/join', { ...forged, registrationNonce: freshNonce(), agent: { handle: `forger-${i}` } }, { ...as, 'idempotency-key': freshKey() });
    const checkIn = (i: number) => api(i).postJson('/api/arrival', CHECK_IN, { ...as, 'idempotency-key': freshKey() });
    const [refused, raced] = await Promise.all([Promise.all(Array.from({ length: 12 }, (_, i) => forgedJoin(i))), Promise.all(Array.from({ length: 8 }, (_, i) => checkIn(i)))]);
    // A forged join is refused 400, or 429 when it found the budget full (held by writes in flight).
    for (const answer of refused) expectProblem(answer, answer.status, answer.status === 429 ? 'rate-limited' : 'invalid-token');
    const kept = raced.filter((answer) => answer.status === 201).length;
    expect(kept).toBeLessThanOrEqual(LIMIT);
    for (const answer of raced.filter((answer) => answer.status !== 201)) expectRateLimited(answer);
    // Once settled, the refusals hold nothing: the rest of the budget is there for writes, and no more.
    for (let i = kept; i < LIMIT; i++) expect((await checkIn(i)).status).toBe(201);
    expectRateLimited(await checkIn(0));
    expect((await api(1).get('/api/arrival')).body.count).toBe(before + LIMIT);
  });
});
