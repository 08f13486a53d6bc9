/**
 * Clients that go away: an event stream or an export whose client closes it, at any moment, is
 * no failure of the arena's (nothing is logged), and a stream stops reading the store and gives
 * back its place as soon as its client has gone, on every runtime and database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArena, encodeBase64Url, randomSeed } from '../../core/index.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';
import { throwawayDatabase } from '../support/fixtures/throwaway-postgres.ts';
import { joinedAgent, writeHeaders } from '../support/agents.ts';
import { client } from '../support/http.ts';
import { readScrape } from '../support/prometheus.ts';
import { startArena, type RunningArena, type Runtime } from '../support/servers.ts';

const SERVER_URL = process.env.DATABASE_URL;
const OPERATOR_TOKEN = 'operator-token-for-clients-leaving-0123456789';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an event stream whose client goes away (in process)', () => {
  it('stops reading the store at once, though no event and no heartbeat is due', async () => {
    const memory = await openMemoryStore();
    let reads = 0;
    const store = { ...memory, eventsAfter: (...args: Parameters<typeof memory.eventsAfter>) => (reads++, memory.eventsAfter(...args)) };
    const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store, events: { pollMs: 5, heartbeatMs: 60_000 } });
    const answer = await arena.fetch(new Request('http://arena.test/api/events'), { clientAddress: '192.0.2.1' });
    const reader = answer.body!.getReader();
    await reader.read();
    // Asked for what comes next, as an adapter sending the stream does: the stream polls every 5 ms.
    const waiting = reader.read();
    await pause(30);
    expect(reads).toBeGreaterThan(1);
    let given = false;
    void reader.cancel().then(() => (given = true));
    expect((await waiting).done).toBe(true);
    await pause(20);
    const readsWhenGone = reads;
    await pause(100);
    expect(reads).toBe(readsWhenGone);
    expect(given).toBe(true);
  });

  it('holds no place for a client that went while it was being opened, its answer never read', async () => {
    const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore(), events: { streamsPerClient: 1 } });
    for (let i = 0; i < 3; i++) {
      const gone = new Request('http://arena.test/api/events', { signal: AbortSignal.abort() });
      expect((await arena.fetch(gone, { clientAddress: '192.0.2.1' })).status).toBe(200);
    }
  });
});

/** Where a server is run, and on which database. */
const SERVERS: readonly [title: string, runtime: Runtime, database: 'embedded' | 'postgres'][] = [
  ['Node on SQLite', 'node', 'embedded'],
  ['Bun on SQLite', 'bun', 'embedded'],
  ['Deno on SQLite', 'deno', 'embedded'],
  ['Workers on D1', 'workers', 'embedded'],
  ['Node on PostgreSQL', 'node', 'postgres'],
  ['Bun on PostgreSQL', 'bun', 'postgres'],
  ['Deno on PostgreSQL', 'deno', 'postgres'],
];

/** Streams and exports opened per server, the moments of leaving taken in turn. */
const CLIENTS = 40;
const HEARTBEAT_MS = 100;
const EXPORTS = ['/api/exports/attempts', '/api/exports/topics', '/api/exports/proposals', '/api/exports/arrivals'];

/** When a client goes: before the head arrives, once it has, after the first chunk, or after two. */
type Moment = 'before the head' | 'after the head' | 'after a chunk' | 'after two chunks';
const MOMENTS: readonly Moment[] = ['before the head', 'after the head', 'after a chunk', 'after two chunks'];

/** Opens `url` and goes away at `moment`, reading nothing more. */
async function leaveAt(url: string, moment: Moment, headers: Record<string, string> = {}): Promise<void> {
  const leaving = new AbortController();
  const answering = fetch(url, { headers, signal: leaving.signal });
  if (moment === 'before the head') {
    await pause(1);
    leaving.abort();
    await answering.catch(() => undefined);
    return;
  }
  const answer = await answering;
  expect(answer.status).toBe(200);
  const reader = answer.body!.getReader();
  const chunks = moment === 'after a chunk' ? 1 : moment === 'after two chunks' ? 2 : 0;
  for (let read = 0; read < chunks; read++) if ((await reader.read()).done) break;
  leaving.abort();
}

describe.each(SERVERS)('clients leaving streams and exports (%s)', (_, runtime, database) => {
  const skip = database === 'postgres' && !SERVER_URL;
  let arena: RunningArena;
  let cleanup: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (skip) return;
    const env: Record<string, string> = {
      ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
      ARENA_OPERATOR_TOKEN: OPERATOR_TOKEN,
      ARENA_EVENTS_PER_CLIENT: String(CLIENTS),
      ARENA_EXPORTS_PER_CLIENT: String(CLIENTS),
      ARENA_EVENTS_POLL_MS: '20',
      ARENA_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS),
    };
    if (database === 'postgres') {
      const throwaway = await throwawayDatabase(SERVER_URL!);
      env.DATABASE_URL = throwaway.url;
      cleanup = () => throwaway.drop();
    } else if (runtime !== 'workers') {
      const dir = await mkdtemp(join(tmpdir(), 'arena-leaving-'));
      env.ARENA_DATA_DIR = dir;
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
    arena = await startArena(runtime, env);
    // Something in every export: attempts, a topic, a proposal, check-ins.
    const api = client(() => arena.baseUrl);
    const agent = await joinedAgent(() => arena.baseUrl, `leaving-${runtime}-${database}`);
    await joinedAgent(() => arena.baseUrl, `staying-${runtime}-${database}`);
    expect((await api.postJson('/api/social/join', {}, writeHeaders(agent.key))).status).toBe(200);
    expect((await api.postJson('/api/social/topics', { channel: 'general', title: 'Leaving early', body: 'A topic to export.' }, writeHeaders(agent.key))).status).toBe(201);
    const proposal = { gameId: 'packet-run', title: 'A rule to export', summary: 'Exported.', ruleText: 'A rule.', rationale: 'Evidence from replays.' };
    expect((await api.postJson('/api/rules', proposal, writeHeaders(agent.key))).status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const arrival = { displayName: `Scout ${i}`, model: 'unknown', sentBy: 'a test', purpose: 'Looking around.', operatorAuthorized: true };
      expect((await api.postJson('/api/arrival', arrival, writeHeaders())).status).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await arena?.stop();
    await cleanup();
  });

  /** The streams and exports the server holds open. */
  async function openAnswers(): Promise<number> {
    const metrics = await fetch(`${arena.baseUrl}/metrics`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    const scrape = readScrape(await metrics.text());
    return scrape.value('arena_event_streams_open', {}) + scrape.value('arena_exports_open', {});
  }

  it.skipIf(skip)('logs no failure, and gives back every stream’s and every export’s place', async () => {
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => {
        const moment = MOMENTS[i % MOMENTS.length]!;
        const ndjson: Record<string, string> = i % 2 === 1 ? { accept: 'application/x-ndjson' } : {};
        return Promise.all([leaveAt(`${arena.baseUrl}/api/events`, moment, ndjson), leaveAt(`${arena.baseUrl}${EXPORTS[i % EXPORTS.length]}`, moment)]);
      }),
    );
    // Miniflare hands each request to the Worker through its own entry Worker, which does not pass
    // on a client's going (Cloudflare's edge aborts `request.signal`): there the places are not asserted.
    const placesGivenBack = runtime !== 'workers';
    const deadline = Date.now() + 10_000;
    while (placesGivenBack && (await openAnswers()) > 0 && Date.now() < deadline) await pause(50);
    // Long enough for any stream still running to send its next heartbeat.
    await pause(HEARTBEAT_MS * 5);
    const failures = arena
      .output()
      .split('\n')
      .filter((line) => line.includes('"event":"failure"'));
    expect(failures).toEqual([]);
    if (placesGivenBack) expect(await openAnswers()).toBe(0);
  });
});
