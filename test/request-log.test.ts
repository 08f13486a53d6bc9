import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { finishingTape, freshKey, freshNonce } from './support/fixtures/league.ts';
import { client } from './support/http.ts';
import { spawnServer, type SpawnedServer } from './support/spawned-server.ts';
import { COMMANDS } from './support/servers.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { createArena, randomSeed, StorageUnavailableError, type ArenaEvent } from '../core/index.ts';
import type { Store } from '../core/store/store.ts';
import { openMemoryStore } from './support/fixtures/memory-store.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One line per request on stdout, as JSON, with what an operator needs and no secret. */
describe('the request log (Node, ARENA_LOG_LEVEL=info)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'arena-log-'));
  let server: SpawnedServer;
  const api = client(() => server.baseUrl);
  beforeAll(async () => {
    server = await spawnServer('node', COMMANDS.node, { ARENA_DATA_DIR: dataDir, ARENA_LOG_LEVEL: 'info', ARENA_ANONYMOUS_WRITES_PER_HOUR: '0' });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one JSON line per request: time, id, method, route pattern, status, duration, size; never a secret or an address', async () => {
    const nonce = freshNonce();
    const { challengeToken, board } = (await api.get('/api/league')).body;
    const joined = await api.postJson(
      '/api/league/join',
      { challengeToken, actions: finishingTape(board), registrationNonce: nonce, agent: { handle: 'logged-agent' } },
      { 'idempotency-key': freshKey(), 'user-agent': 'secret-agent-ua/1.0' },
    );
    expect(joined.status, joined.text).toBe(200);
    const key = joined.body.apiKey as string;
    await api.get('/api/rules/7', { authorization: `Bearer ${key}`, 'x-request-id': 'trace-rules-7' });
    await api.get(`/api/league/attempts?agent=${joined.body.agent.id}&cursor=${encodeURIComponent(challengeToken)}`);
    await api.get('/no/such/path');

    const requestEvents = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
        .filter((event) => event.event === 'request');
    // A turn's lines are written together as it ends, after its answers: the last may come just after its answer.
    await vi.waitFor(() => expect(requestEvents()).toHaveLength(5));
    const events = requestEvents();
    expect(events).toHaveLength(5);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['bytes', 'durationMs', 'event', 'level', 'method', 'requestId', 'route', 'status', 'time']);
      expect(event.event).toBe('request');
      expect(event.level).toBe('info');
      expect(Date.parse(event.time)).not.toBeNaN();
      expect(event.durationMs).toBeGreaterThanOrEqual(0);
      expect(typeof event.requestId).toBe('string');
    }
    expect(events.map(({ method, route, status }) => `${method} ${route} ${status}`)).toEqual([
      'GET /api/league 200',
      'POST /api/league/join 200',
      'GET /api/rules/:number 404',
      'GET /api/league/attempts 400',
      'GET null 404',
    ]);
    expect(events[2].requestId).toBe('trace-rules-7');
    expect(events[1].bytes).toBe(Buffer.byteLength(joined.text));
    for (const secret of [nonce, key, challengeToken, 'secret-agent-ua', '127.0.0.1']) expect(server.output()).not.toContain(secret);
  });
});

/** A failure is one event with the id of the request it broke, so the two lines can be joined. */
describe('failure events', () => {
  async function arenaWhoseLeagueReads(fail: () => never) {
    const events: ArenaEvent[] = [];
    const memory = await openMemoryStore();
    const store: Store = { ...memory, listAttempts: async () => fail() };
    const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store, log: (event) => events.push(event) });
    const read = () => arena.fetch(new Request('http://arena.test/api/league/attempts', { headers: { 'x-request-id': 'trace-1' } }));
    return { events, read };
  }

  it('reports a bug as an error event carrying the request id; the client gets the 500 problem with the same id', async () => {
    const { events, read } = await arenaWhoseLeagueReads(() => {
      throw new TypeError('a bug\nover two lines');
    });
    const answer = await read();
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-request-id')).toBe('trace-1');
    const failures = events.filter((event) => event.event === 'failure');
    expect(failures).toEqual([
      {
        event: 'failure',
        level: 'error',
        time: expect.any(String),
        requestId: 'trace-1',
        what: 'answering a request failed',
        error: { name: 'TypeError', message: 'a bug over two lines', where: expect.stringContaining('request-log.test.ts') },
      },
    ]);
    expect(events.filter((event) => event.event === 'request')).toMatchObject([{ requestId: 'trace-1', status: 500 }]);
  });

  it('reports an unreachable database as a warning once a minute, not once a request', async () => {
    const { events, read } = await arenaWhoseLeagueReads(() => {
      throw new StorageUnavailableError('connection refused');
    });
    for (let i = 0; i < 3; i++) expect((await read()).status).toBe(503);
    expect(events.filter((event) => event.event === 'failure')).toMatchObject([{ level: 'warn', requestId: 'trace-1', error: { name: 'StorageUnavailableError' } }]);
  });
});
