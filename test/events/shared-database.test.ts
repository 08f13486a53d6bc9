/**
 * Live events with two instances on one database: a client following one instance receives an
 * event for every write the other makes, in order, and resumes (on either instance) after a
 * disconnect with nothing missed or repeated. The events come from the store, not from either
 * process's memory; the reading instance learns of the other's writes by PostgreSQL's NOTIFY, or
 * on SQLite by its poll.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { finishingTape, freshKey, freshNonce, stuckTape } from '../support/fixtures/league.ts';
import { throwawayDatabase } from '../support/fixtures/throwaway-postgres.ts';
import { writeHeaders } from '../support/agents.ts';
import { openEventStream, type StreamMessage } from '../support/event-stream.ts';
import { client } from '../support/http.ts';
import { startArena, type RunningArena, type Runtime } from '../support/servers.ts';

const SERVER_URL = process.env.DATABASE_URL;

const ids = (messages: StreamMessage[]) => messages.map((message) => Number(message.id));
const attemptIds = (messages: StreamMessage[]) => messages.filter((message) => message.event === 'attempt.retained').map((message) => message.data.data.id as string);

/** The database two instances share, and the runtimes of the reading and the writing one. */
const SHARED: readonly [title: string, database: 'sqlite' | 'postgres', runtimes: readonly [Runtime, Runtime]][] = [
  ['one SQLite file (two Node processes)', 'sqlite', ['node', 'node']],
  ['one PostgreSQL server (Node reading, Bun writing)', 'postgres', ['node', 'bun']],
  ['one PostgreSQL server (Deno reading, Node writing)', 'postgres', ['deno', 'node']],
];

describe.each(SHARED)('live events from two instances sharing %s', (_, family, runtimes) => {
  const skip = family === 'postgres' && !SERVER_URL;
  let instances: RunningArena[] = [];
  let cleanup: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (skip) return;
    // SQLite has no notices: the other process's writes are found by the poll.
    // PostgreSQL's come by NOTIFY, so its poll is set past the test's length: an event that
    // arrives came by notice.
    const poll = family === 'postgres' ? '600000' : '200';
    const keys = { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()), ARENA_EVENTS_POLL_MS: poll };
    let env: Record<string, string>;
    if (family === 'postgres') {
      const database = await throwawayDatabase(SERVER_URL!);
      env = { ...keys, DATABASE_URL: database.url };
      cleanup = () => database.drop();
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'arena-events-'));
      env = { ...keys, ARENA_DATA_DIR: dir };
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
    // The first creates the schema (and on SQLite the keys); the second starts on them.
    instances = [await startArena(runtimes[0], env)];
    instances.push(await startArena(runtimes[1], env));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await cleanup();
  });

  const api = (i: number) => client(() => instances[i % 2]!.baseUrl);
  const events = (i: number, query = '') => `${instances[i % 2]!.baseUrl}/api/events${query}`;
  let handles = 0;

  /** A write's answer, which must be a 200. */
  async function posted(i: number, path: string, body: unknown, headers: Record<string, string>) {
    const answer = await api(i).postJson(path, body, headers);
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  }

  async function joinLeague(i: number) {
    const { challengeToken, board } = (await api(i).get('/api/league')).body;
    const handle = `live-${runtimes.join('-')}-${family}-${++handles}`;
    const body = await posted(
      i,
      '/api/league/join',
      { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle } },
      { 'idempotency-key': freshKey() },
    );
    return { id: body.agent.id as string, handle, key: body.apiKey as string, attempt: body.attempt.id as string };
  }

  async function submit(i: number, agent: { key: string }, finishing: boolean): Promise<string> {
    const { challengeToken, board } = (await api(i).get('/api/league')).body;
    const body = await posted(i, '/api/league/submit', { challengeToken, actions: finishing ? finishingTape(board) : stuckTape(board) }, writeHeaders(agent.key));
    return body.attempt.id;
  }

  it.skipIf(skip)('a client of one instance receives an event for each write the other makes, in order', async () => {
    const stream = await openEventStream(events(0));
    try {
      await stream.next();
      const agent = await joinLeague(1);
      const written = [agent.attempt];
      for (let round = 0; round < 4; round++) written.push(await submit(1, agent, round % 2 === 1));
      expect((await api(1).postJson('/api/social/join', {}, writeHeaders(agent.key))).status).toBe(200);
      const topic = await api(1).postJson('/api/social/topics', { channel: 'general', title: 'From the other instance', body: 'Heard?' }, writeHeaders(agent.key));
      expect(topic.status, topic.text).toBe(201);
      const received = await stream.until((message) => message.event === 'topic.created');
      expect(attemptIds(received)).toEqual(written);
      expect(received.at(-1)!.data).toMatchObject({ agent: { id: agent.id }, data: { id: topic.body.id, title: 'From the other instance' } });
      expect(ids(received)).toEqual([...ids(received)].sort((a, b) => a - b));
      expect(new Set(ids(received)).size).toBe(received.length);
    } finally {
      stream.close();
    }
  });

  it.skipIf(skip)('with both instances writing at once, misses nothing, repeats nothing, and resumes on the other instance after a disconnect', async () => {
    const head = await openEventStream(events(0), { format: 'ndjson' });
    const start = Number((await head.next()).id);
    head.close();
    const first = await openEventStream(events(0, `?after=${start}&kind=attempt.retained`));
    await first.next();
    const agents = await Promise.all([0, 1, 0, 1].map((i) => joinLeague(i)));
    // Each agent submits in turn through alternating instances, all agents at once.
    const written = await Promise.all(
      agents.map(async (agent, index) => {
        const mine = [agent.attempt];
        for (let round = 0; round < 5; round++) mine.push(await submit(index + round, agent, (index + round) % 2 === 0));
        return mine;
      }),
    );
    const everyAttempt = written.flat();
    // Part of the run on the first stream, then a disconnect.
    const before = [];
    while (before.length < 7) before.push(await first.next());
    first.close();
    const resumed = await openEventStream(events(1, '?kind=attempt.retained'), { headers: { 'last-event-id': String(before.at(-1)!.id) } });
    try {
      expect((await resumed.next()).data).toMatchObject({ kind: 'stream.opened', id: Number(before.at(-1)!.id) });
      const after = [];
      while (before.length + after.length < everyAttempt.length) after.push(await resumed.next());
      const received = [...before, ...after];
      expect(attemptIds(received).sort()).toEqual([...everyAttempt].sort());
      expect(new Set(ids(received)).size).toBe(received.length);
      expect(ids(received)).toEqual([...ids(received)].sort((a, b) => a - b));
      // Each agent's attempts in the order its submits were answered.
      for (const mine of written) expect(attemptIds(received).filter((id) => mine.includes(id))).toEqual(mine);
    } finally {
      resumed.close();
    }
  });
});

describe.skipIf(!SERVER_URL)('live events on a PostgreSQL pool of one connection', () => {
  it('keeps the one connection for queries (no listening): the arena answers with a stream open, and the stream gets its writes', async () => {
    const database = await throwawayDatabase(SERVER_URL!);
    const arena = await startArena('node', { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '1', ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()) });
    try {
      const api = client(() => arena.baseUrl);
      const stream = await openEventStream(`${arena.baseUrl}/api/events?kind=attempt.retained`);
      await stream.next();
      const { challengeToken, board } = (await api.get('/api/league')).body;
      const joined = await api.postJson(
        '/api/league/join',
        { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: 'pool-of-one' } },
        { 'idempotency-key': freshKey() },
      );
      expect(joined.status, joined.text).toBe(200);
      expect((await stream.next()).data).toMatchObject({ kind: 'attempt.retained', data: { id: joined.body.attempt.id } });
      stream.close();
    } finally {
      await arena.stop();
      await database.drop();
    }
  });
});
