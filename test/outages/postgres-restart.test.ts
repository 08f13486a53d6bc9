import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { joinedAgent } from '../support/agents.ts';
import { openEventStream } from '../support/event-stream.ts';
import { client, expectProblem } from '../support/http.ts';
import { freshKey, stuckTape } from '../support/fixtures/league.ts';
import { postgresBinaries, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.ts';
import { startArena, type RunningArena } from '../support/servers.ts';
import { MIGRATION_COUNT } from '../support/migration-count.ts';

const BINARIES = await postgresBinaries();

/**
 * Two instances on one real PostgreSQL server, which is stopped and started again under them:
 * neither process dies, every route that needs the database answers 503 with Retry-After while
 * it is down (and keeps nothing), the others keep answering, and both recover by themselves.
 */
describe.skipIf(!BINARIES)('a PostgreSQL restart under two instances', () => {
  let cluster: PostgresCluster | undefined;
  let instances: RunningArena[] = [];
  const api = (i: number) => client(() => instances[i]!.baseUrl);

  beforeAll(async () => {
    cluster = await startPostgresCluster(BINARIES!);
    // Event streams poll once in 10 minutes: another instance's writes reach them by NOTIFY alone.
    const env = { DATABASE_URL: cluster.url, ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()), ARENA_EVENTS_POLL_MS: '600000' };
    instances = [await startArena('node', env)];
    instances.push(await startArena('node', env));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await cluster?.destroy();
  });

  it('answers 503 while the server is down, keeps serving what needs no database, and recovers', async () => {
    // Both pools hold idle connections when the server goes: the case that killed every instance.
    const agents = await Promise.all([joinedAgent(() => instances[0]!.baseUrl, 'before-0'), joinedAgent(() => instances[1]!.baseUrl, 'before-1')]);
    const { challengeToken, board } = (await api(0).get('/api/league')).body;
    // A stream open on instance 0, so it listens for the other's writes when the server goes.
    const before = await openEventStream(`${instances[0]!.baseUrl}/api/events`);
    await before.next();
    await cluster!.stop();

    const submit = { challengeToken, actions: stuckTape(board) };
    const submitHeaders = { authorization: `Bearer ${agents[0]!.key}`, 'idempotency-key': freshKey() };
    for (const i of [0, 1]) {
      for (const path of ['/readyz', '/api/league', '/api/leaderboard', '/api/social', '/api/stats']) {
        const answer = await api(i).get(path);
        expectProblem(answer, 503, 'storage-unavailable');
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      }
      expectProblem(await api(i).postJson('/api/league/submit', submit, submitHeaders), 503, 'storage-unavailable');
      expect((await api(i).get('/api/games/packet-run/play?actions=UURRUURUURRRDUUR')).status).toBe(200);
      expect((await api(i).get('/.well-known/jwks.json')).status).toBe(200);
      expect((await api(i).get('/healthz')).status).toBe(200);
    }

    await cluster!.start();
    await eventually(async () => expect((await api(0).get('/api/league')).status).toBe(200));
    await eventually(async () => expect((await api(1).get('/api/league')).status).toBe(200));
    for (const i of [0, 1]) expect((await api(i).get('/readyz')).body).toEqual({ status: 'ready', migrations: MIGRATION_COUNT });
    // The refused submit kept nothing, not even its key: sent again, it is retained now, once.
    const retried = await api(1).postJson('/api/league/submit', submit, submitHeaders);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.headers.get('idempotency-replayed')).toBeNull();
    const attempts = (await api(0).get(`/api/league/attempts?agent=${agents[0]!.id}`)).body.attempts;
    expect(attempts).toHaveLength(2);
    // Instance 0 listens again by itself: the stream open across the outage hears instance 1's
    // writes (a stream that read while the server was away ends instead, and its client resumes).
    const late = await joinedAgent(() => instances[1]!.baseUrl, 'after-1');
    const heard = await before.until((message) => message.data.agent?.id === late.id && message.event === 'attempt.retained', 15_000);
    expect(heard.filter((message) => message.event === 'attempt.retained').map((message) => message.data.data.id)).toEqual([retried.body.attempt.id, expect.any(String)]);
    before.close();
    expect((await api(0).get('/api/pulse')).body.totals).toMatchObject({ agents: 3 });
  }, 120_000);
});

/** Retries `check` until it passes, for at most 30 s. */
async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
