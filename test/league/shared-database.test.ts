import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { client } from '../support/http.ts';
import { finishingTape, freshKey, freshNonce, stuckTape } from '../support/fixtures/league.ts';
import { startArena, type RunningArena } from '../support/servers.ts';
import { throwawayDatabase } from '../support/fixtures/throwaway-postgres.ts';

const SERVER_URL = process.env.DATABASE_URL;

/**
 * Two arena instances on different ports sharing one database, hit in parallel: the atomic
 * writes must hold across processes, not only inside one.
 */
describe.each([
  ['SQLite (one file, two processes)', 'sqlite'],
  ['PostgreSQL (one server, two instances)', 'postgres'],
] as const)('two instances sharing %s', (_, family) => {
  const skip = family === 'postgres' && !SERVER_URL;
  let instances: RunningArena[] = [];
  let cleanup: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (skip) return;
    let env: Record<string, string>;
    if (family === 'sqlite') {
      const dir = await mkdtemp(join(tmpdir(), 'arena-shared-'));
      env = { ARENA_DATA_DIR: dir };
      cleanup = () => rm(dir, { recursive: true, force: true });
    } else {
      const database = await throwawayDatabase(SERVER_URL!);
      env = { DATABASE_URL: database.url, ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()) };
      cleanup = () => database.drop();
    }
    // The first creates the keys and schema; the second starts on them.
    instances = [await startArena('node', env)];
    instances.push(await startArena('node', env));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await cleanup();
  });

  const api = (i: number) => client(() => instances[i % 2]!.baseUrl);

  it.skipIf(skip)('20 parallel joins with one nonce create one agent and one key; 30 parallel submits retain exactly 10', async () => {
    const { challengeToken, board } = (await api(0).get('/api/league')).body;
    const nonce = freshNonce();
    const body = { challengeToken, actions: finishingTape(board), registrationNonce: nonce, agent: { handle: `racer-${family}` } };
    const joins = await Promise.all(Array.from({ length: 20 }, (_, i) => api(i).postJson('/api/league/join', body, { 'idempotency-key': freshKey() })));
    expect(joins.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(joins.map((answer) => answer.body.apiKey)).size).toBe(1);
    expect(new Set(joins.map((answer) => answer.body.agent.id)).size).toBe(1);
    expect(joins.filter((answer) => answer.body.created)).toHaveLength(1);
    expect(new Set(joins.map((answer) => answer.body.attempt.id)).size).toBe(1);
    expect((await api(1).get('/api/pulse')).body.totals).toMatchObject({ agents: 1, retainedAttempts: 1 });

    const agentId = joins[0]!.body.agent.id;
    const headers = { authorization: `Bearer ${joins[0]!.body.apiKey}` };
    const submits = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api(i).postJson('/api/league/submit', { challengeToken, actions: i % 2 ? stuckTape(board) : finishingTape(board) }, { ...headers, 'idempotency-key': freshKey() }),
      ),
    );
    const statuses = submits.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
    expect(statuses.filter((status) => status === 409)).toHaveLength(21);
    const retained = (await api(0).get(`/api/league/attempts?agent=${agentId}&limit=100`)).body.attempts;
    expect(retained).toHaveLength(10);
    expect(retained.map((attempt: { number: number }) => attempt.number).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await api(1).get('/api/league')).body).toMatchObject({ fieldSize: 1, finisherCount: 1, attemptCount: 10 });
  });

  it.skipIf(skip)('10 parallel requests with one Idempotency-Key retain one record and all get the same response', async () => {
    const { challengeToken, board } = (await api(0).get('/api/league')).body;
    const body = { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: `once-${family}` } };
    const joined = await api(0).postJson('/api/league/join', body, { 'idempotency-key': freshKey() });
    const headers = { authorization: `Bearer ${joined.body.apiKey}`, 'idempotency-key': freshKey() };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => api(i).postJson('/api/league/submit', { challengeToken, actions: stuckTape(board) }, headers)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const retained = (await api(1).get(`/api/league/attempts?agent=${joined.body.agent.id}`)).body.attempts;
    expect(retained).toHaveLength(2);
  });

  it.skipIf(skip)('refuses a key rotated on one instance at once on the other, and takes the new one on both', async () => {
    const { challengeToken, board } = (await api(0).get('/api/league')).body;
    const nonce = freshNonce();
    const joined = await api(0).postJson(
      '/api/league/join',
      { challengeToken, actions: finishingTape(board), registrationNonce: nonce, agent: { handle: `rotor-${family}` } },
      { 'idempotency-key': freshKey() },
    );
    const old = joined.body.apiKey as string;
    const submit = (i: number, key: string) =>
      api(i).postJson('/api/league/submit', { challengeToken, actions: stuckTape(board) }, { authorization: `Bearer ${key}`, 'idempotency-key': freshKey() });
    expect((await submit(1, old)).status).toBe(200);
    const rotated = await api(0).postJson('/api/keys/rotate', {}, { authorization: `Bearer ${old}`, 'idempotency-key': freshKey() });
    expect(rotated.status).toBe(200);
    expect((await submit(1, old)).status).toBe(401);
    expect((await submit(0, old)).status).toBe(401);
    expect((await submit(1, rotated.body.apiKey)).status).toBe(200);
    // Revoked on the second instance by the nonce: refused on the first at once.
    expect((await api(1).postJson('/api/keys/revoke', { registrationNonce: nonce }, { 'idempotency-key': freshKey() })).status).toBe(200);
    expect((await submit(0, rotated.body.apiKey)).status).toBe(401);
    const agent = (await api(1).get(`/api/league/attempts?agent=${joined.body.agent.id}`)).body.attempts;
    expect(agent).toHaveLength(3);
  });

  it.runIf(skip)('needs DATABASE_URL for a real PostgreSQL server (CI sets it; PGlite covers the store suite without one)', () => {
    expect(SERVER_URL).toBeUndefined();
  });
});
