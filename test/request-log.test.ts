import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishingTape, freshKey, freshNonce } from '../fixtures/league.ts';
import { client } from './support/http.ts';
import { spawnServer, type SpawnedServer } from './support/spawned-server.ts';
import { COMMANDS } from './support/servers.ts';
import { mkdtempSync, rmSync } from 'node:fs';
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

    const events = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
    expect(events).toHaveLength(5);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['bytes', 'durationMs', 'event', 'method', 'requestId', 'route', 'status', 'time']);
      expect(event.event).toBe('request');
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
