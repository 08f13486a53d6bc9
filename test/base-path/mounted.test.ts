import { describe, expect, it } from 'vitest';
import { createArena, randomSeed, type ArenaEvent, type ArenaOptions } from '../../core/index.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';
import { ConfigurationError, readEnvironment } from '../../adapters/configuration/read.ts';
import { arenaSettingsOf } from '../../adapters/configuration/arena-options.ts';
import { writeHeaders } from '../support/agents.ts';

const MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/** An arena in this process, mounted at `/arena` (unless told otherwise), asked at `http://arena.test`. */
async function mounted(options: Partial<ArenaOptions> = {}) {
  const events: ArenaEvent[] = [];
  const arena = createArena({
    signingKey: new Uint8Array(32).fill(7),
    secret: randomSeed(),
    store: await openMemoryStore(),
    basePath: '/arena',
    log: (event) => void events.push(event),
    ...options,
  });
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await arena.fetch(new Request(`http://arena.test${path}`, init));
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: /json/.test(response.headers.get('content-type') ?? '') && text ? JSON.parse(text) : undefined };
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = writeHeaders()) =>
    call(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { arena, events, call, post };
}

describe('an arena mounted under a base path', () => {
  it('serves every route under it, its root with and without the last slash, and nothing outside it', async () => {
    const { call } = await mounted();
    expect((await call('/arena/api/games')).status).toBe(200);
    for (const root of ['/arena', '/arena/']) expect((await call(root)).body, root).toMatchObject({ protocol: 'svc-arena/0.1', canonicalOrigin: 'http://arena.test/arena' });
    expect((await call('/arena/.well-known/jwks.json')).body.keys.length).toBeGreaterThan(0);
    for (const outside of ['/', '/api/games', '/.well-known/jwks.json', '/arenas/api/games', '/other/arena/api/games']) {
      const answer = await call(outside);
      expect(answer.status, outside).toBe(404);
      expect(answer.body, outside).toMatchObject({
        type: '/arena/problems/not-found',
        instance: outside,
        detail: `nothing is served at ${outside}; GET /arena/api/games lists the games`,
      });
    }
    expect((await call('/api/games', { method: 'OPTIONS' })).status).toBe(404);
    expect((await call('/arena/api/games', { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } })).status).toBe(204);
    const wrongMethod = await call('/arena/api/games', { method: 'DELETE' });
    expect(wrongMethod).toMatchObject({ status: 405, body: { type: '/arena/problems/method-not-allowed', instance: '/arena/api/games' } });
  });

  it('matches its base path as written: a dot is a dot, and each segment whole', async () => {
    const { call } = await mounted({ basePath: '/v1.0/arena' });
    expect((await call('/v1.0/arena/api/games')).status).toBe(200);
    for (const near of ['/v1x0/arena/api/games', '/v1.0/arenas/api/games', '/v1.0/api/games']) expect((await call(near)).status, near).toBe(404);
  });

  it('names each route in its request log as the route names itself, wherever it is mounted', async () => {
    const { call, events } = await mounted();
    await call('/arena');
    await call('/arena/api/games');
    await call('/arena/api/rules/1');
    await call('/api/games');
    expect(events.flatMap((event) => (event.event === 'request' ? [event.route] : []))).toEqual(['', '/api/games', '/api/rules/:number', null]);
  });

  it('describes itself with its base URL as the OpenAPI server, paths relative to it, and problem types under it', async () => {
    const { call } = await mounted();
    const document = (await call('/arena/openapi.json')).body;
    expect(document.servers).toEqual([{ url: 'http://arena.test/arena' }]);
    expect(document.info.contact.url).toBe('http://arena.test/arena/');
    expect(Object.keys(document.paths)).toContain('/api/games');
    expect(document.components.schemas.Problem.properties.type.enum).toContain('/arena/problems/not-found');
    expect(document['x-problem-types'].map((problem: { type: string }) => problem.type)).toContain('/arena/problems/invalid-request');
    expect((await call('/arena/problems/conflict')).body.type).toBe('/arena/problems/conflict');
  });

  it('links its records under it: Location, a record’s url, the games’ links and calls', async () => {
    const { call, post } = await mounted();
    const checkIn = await post('/arena/api/arrival', { displayName: 'Scout', model: 'unknown', sentBy: 'a test', purpose: 'Looking.', operatorAuthorized: true });
    expect(checkIn.status, checkIn.text).toBe(201);
    expect(checkIn.headers.get('location')).toBe('/arena/api/arrival');
    expect((await call('/arena/api/games')).body.games[0].links.play).toBe('/arena/api/games/packet-run/play');
    expect((await call('/arena/api/games/state-forge')).body.calls.compile.url).toBe('/arena/api/games/state-forge/compile');
    expect((await call('/arena/api/games/triad-duel')).body.retention.archive).toBe('/arena/api/games/triad-duel/archive');
    expect((await call('/arena/api/games/packet-run/trial')).body.submit.url).toBe('/arena/api/games/packet-run/submit');
    expect((await call('/arena/api/league')).body.links.join).toBe('/arena/api/league/join');
    expect((await call('/arena/api/social')).body.links.topics).toBe('/arena/api/social/topics');
    expect((await call('/arena/api/pulse')).body.liveGames[0].rules).toBe('/arena/api/games/packet-run');
  });

  it('signs the same evidence wherever it is mounted, which verifies at any mount; only the unsigned JWKS link follows the arena', async () => {
    const atRoot = await mounted({ basePath: undefined });
    const underPath = await mounted();
    const onPublicOrigin = await mounted({ publicOrigin: 'https://arena.example' });
    const played = (await atRoot.call('/api/games/packet-run/play?actions=UURR')).body;
    const again = (await underPath.call('/arena/api/games/packet-run/play?actions=UURR')).body;
    expect(again.receipt.checksum).toBe(played.receipt.checksum);
    expect([played.receipt.jwks, again.receipt.jwks]).toEqual(['/.well-known/jwks.json', '/arena/.well-known/jwks.json']);
    expect((await onPublicOrigin.call('/arena/api/games/packet-run/play?actions=UURR')).body.receipt.jwks).toBe('https://arena.example/arena/.well-known/jwks.json');
    // A receipt issued while the arena was at the root still verifies once it is mounted elsewhere (same keys).
    const verified = await underPath.post('/arena/api/receipts/verify', { evidence: played }, {});
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.valid).toBe(true);
  });

  it('serves MCP and A2A under it: their tools call its routes there, and their links point there', async () => {
    const { call, post } = await mounted();
    const rpc = (id: number, method: string, params: unknown) => post('/arena/api/mcp', { jsonrpc: '2.0', id, method, params }, MCP);
    const games = await rpc(1, 'tools/call', { name: 'arena.games', arguments: {} });
    expect(games.body.result.structuredContent.games[0].links.rules).toBe('/arena/api/games/packet-run');
    const resources = (await rpc(2, 'resources/list', {})).body.result.resources as { uri: string }[];
    expect(resources.map((resource) => resource.uri)).toContain('http://arena.test/arena/.well-known/jwks.json');
    const read = await rpc(3, 'resources/read', { uri: 'http://arena.test/arena/api/stats' });
    expect(JSON.parse(read.body.result.contents[0].text)).toMatchObject({ protocol: 'svc-arena/0.1' });
    const card = (await call('/arena/.well-known/agent-card.json')).body;
    expect(card.supportedInterfaces[0].url).toBe('http://arena.test/arena/a2a/v1');
    const message = (parts: unknown[]) => ({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts } });
    const oriented = await post('/arena/a2a/v1/message:send', message([{ text: 'What is this arena?' }]), {});
    expect(oriented.body.task.status.state, oriented.text).toBe('TASK_STATE_COMPLETED');
    expect(oriented.body.task.artifacts[0].parts.find((part: { data?: unknown }) => part.data).data.arena.canonicalOrigin).toBe('http://arena.test/arena');
    const streamed = await post('/arena/a2a/v1/message:stream', message([{ text: 'Hello' }]), {});
    expect(streamed.body.error.message).toContain('use message:send');
    const elsewhere = await post('/arena/a2a/v1/message:other', message([{ text: 'Hello' }]), {});
    expect(elsewhere.body.error.message).toContain('use /arena/a2a/v1/message:send');
  });

  it('is read from ARENA_BASE_PATH, which must be a path of the same form', () => {
    expect(arenaSettingsOf(readEnvironment({ ARENA_BASE_PATH: '/arena' })).basePath).toBe('/arena');
    expect(arenaSettingsOf(readEnvironment({})).basePath).toBeUndefined();
    for (const refused of ['/arena/', 'arena', '/a/../b', '/arena?x=1']) {
      expect(() => arenaSettingsOf(readEnvironment({ ARENA_BASE_PATH: refused })), refused).toThrow(ConfigurationError);
      expect(() => arenaSettingsOf(readEnvironment({ ARENA_BASE_PATH: refused })), refused).toThrow(/^ARENA_BASE_PATH must be a path such as \/arena/);
    }
  });
});
