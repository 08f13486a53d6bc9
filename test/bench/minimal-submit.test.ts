import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalSubmitListener } from '../../bench/servers/submit/make-listener.ts';
import type { Ledger } from '../../bench/servers/submit/ledger.ts';
import { openPostgresLedger } from '../../bench/servers/submit/postgres-ledger.ts';
import { seedLedger, type JoinedAgent } from '../../bench/servers/submit/seed.ts';
import { openSqliteLedger } from '../../bench/servers/submit/sqlite-ledger.ts';
import { keyDigest } from '../../core/agents/keys.ts';
import type { Board } from '../../core/games/packet-run/board.ts';
import { createArena, type Arena } from '../../core/index.ts';
import type { Store } from '../../core/store/store.ts';
import { utcDate } from '../../core/time/utc-day.ts';
import { finishingTape, forgedToken, freshKey, freshNonce, stuckTape } from '../support/fixtures/league.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';
import { throwawayDatabase } from '../support/fixtures/throwaway-postgres.ts';
import { arenaFigures, minimalFigures, postgresQuery, sqliteQuery, type Query } from './ledger-figures.ts';

/**
 * The minimal league submit (bench/servers/minimal-submit.ts) against the arena, on the same
 * keys, clock and random bytes: every retained attempt, replay and refusal of the day limit is
 * the same answer byte for byte, the day's figures come out the same, and bad requests get the
 * arena's status and problem type. The arena runs in process; the minimal submit on its own
 * `node:http` server, on SQLite and (with DATABASE_URL) on PostgreSQL.
 */
const NOW = Date.UTC(2026, 10, 21, 12);
const TODAY = utcDate(NOW);
const SIGNING_KEY = new Uint8Array(32).fill(11);
const SECRET = new Uint8Array(32).fill(42);
const SUBMIT = '/api/league/submit';

/** Both sides draw the same bytes: set before each pair of requests, so their attempts take the same ids. */
let fill = 1;
const randomBytes = (length: number) => new Uint8Array(length).fill(fill);

interface Sent {
  headers: Record<string, string>;
  body: string;
}

interface Answered {
  status: number;
  text: string;
  headers: Headers;
}

const ledgers = [
  ['SQLite', async () => sqliteLedger()],
  ['PostgreSQL', async () => postgresLedger()],
] as const;

describe.each(ledgers)('the minimal submit on %s', (family, open) => {
  const skip = family === 'PostgreSQL' && !process.env.DATABASE_URL;
  let arena: Arena;
  let store: Store;
  let minimal: { server: Server; origin: string; query: Query; close(): Promise<void> };
  let board: Board;
  let challengeToken: string;
  let keys: string[];

  beforeAll(async () => {
    if (skip) return;
    store = await openMemoryStore();
    arena = createArena({ signingKey: SIGNING_KEY, secret: SECRET, store, now: () => NOW, randomBytes, anonymousWritesPerHour: 0 });
    ({ board, challengeToken } = (await (await arena.fetch(new Request(`http://arena.test/api/league`))).json()) as { board: Board; challengeToken: string });
    const declarations = [{ handle: 'plain-agent' }, { handle: 'declared-agent', displayName: 'Declared “Agent”', model: 'm-1', sentBy: 'a lab' }];
    const joined: JoinedAgent[] = [];
    keys = [];
    for (const [i, agent] of declarations.entries()) {
      fill = 200 + i;
      const response = await arena.fetch(post('/api/league/join', { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent }));
      const answer = (await response.json()) as JoinedAgent & { apiKey: string };
      keys.push(answer.apiKey);
      joined.push({ keyDigest: keyDigest(answer.apiKey), agent: answer.agent, attempt: answer.attempt });
    }
    const { ledger, query, close } = await open();
    await seedLedger(ledger, joined, 10);
    const server = createServer(await minimalSubmitListener({ ledger, signingKey: SIGNING_KEY, secret: SECRET, now: () => NOW, randomBytes }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    minimal = { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, query, close };
  });
  afterAll(async () => {
    if (skip) return;
    await new Promise((resolve) => minimal.server.close(resolve));
    await minimal.close();
  });

  /** The same request to both, each side drawing `bytes` for its attempt's id. */
  async function both(sent: Sent, bytes: number): Promise<[Answered, Answered]> {
    fill = bytes;
    const theirs = await arena.fetch(new Request(`http://arena.test${SUBMIT}`, { method: 'POST', ...sent }));
    const ours = await fetch(`${minimal.origin}${SUBMIT}`, { method: 'POST', ...sent });
    return [
      { status: theirs.status, text: await theirs.text(), headers: theirs.headers },
      { status: ours.status, text: await ours.text(), headers: ours.headers },
    ];
  }

  const submit = (agent: number, actions: unknown, key = freshKey()): Sent => ({
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[agent]}`, 'idempotency-key': key },
    body: JSON.stringify({ challengeToken, actions }),
  });

  it.skipIf(skip)('answers every attempt of the day, and the refusal past the tenth, byte for byte as the arena does', async () => {
    const tapes = [stuckTape(board), finishingTape(board), 'u r, d | l > r', ['R', 'R', 'D', 'D'], finishingTape(board), 'L', 'RRRRDDDD', ['u'], 'DRDRDRDR'];
    for (const [i, actions] of tapes.entries()) {
      const [arenaAnswer, minimalAnswer] = await both(submit(i % 2, actions), 10 + i);
      expect(arenaAnswer.status, arenaAnswer.text).toBe(200);
      expect(minimalAnswer.text).toBe(arenaAnswer.text);
    }
    // The first agent's join and its five submits, then four more to reach the limit.
    for (let i = 0; i < 4; i++) expect((await both(submit(0, 'R'), 30 + i)).map((answer) => answer.status)).toEqual([200, 200]);
    const [arenaRefusal, minimalRefusal] = await both(submit(0, 'R'), 40);
    expect(arenaRefusal.status).toBe(409);
    expect(minimalRefusal.status).toBe(409);
    expect(minimalRefusal.text).toBe(arenaRefusal.text);
  });

  it.skipIf(skip)('keeps the day’s counts, bests and season totals as the arena does', async () => {
    expect(await minimalFigures(minimal.query, TODAY)).toEqual(await arenaFigures(store, TODAY));
  });

  it.skipIf(skip)('replays a repeated request from its attempt, and refuses its key with another body', async () => {
    const first = submit(1, 'RRDD');
    const [arenaFirst, minimalFirst] = await both(first, 50);
    const [arenaAgain, minimalAgain] = await both(first, 51);
    expect(minimalFirst.text).toBe(arenaFirst.text);
    expect([arenaAgain.text, minimalAgain.text]).toEqual([arenaFirst.text, arenaFirst.text]);
    expect([arenaAgain.headers.get('idempotency-replayed'), minimalAgain.headers.get('idempotency-replayed')]).toEqual(['true', 'true']);
    const reused = submit(1, 'DDRR', first.headers['idempotency-key']);
    const [arenaReused, minimalReused] = await both(reused, 52);
    expect(arenaReused.status).toBe(422);
    expect(minimalReused.text).toBe(arenaReused.text);
  });

  it.skipIf(skip)('refuses bad requests with the arena’s status and problem type', async () => {
    const valid = submit(1, 'R');
    const unknownKey = `arena_${'A'.repeat(43)}`;
    const cases: [string, Sent][] = [
      ['no credential', { ...valid, headers: { ...valid.headers, authorization: '' } }],
      ['not a bearer credential', { ...valid, headers: { ...valid.headers, authorization: 'Basic abc' } }],
      ['not an arena key', { ...valid, headers: { ...valid.headers, authorization: 'Bearer abc' } }],
      ['an unknown arena key', { ...valid, headers: { ...valid.headers, authorization: `Bearer ${unknownKey}` } }],
      ['no Idempotency-Key', { ...valid, headers: { 'content-type': 'application/json', authorization: valid.headers.authorization! } }],
      ['an Idempotency-Key with a space', { ...valid, headers: { ...valid.headers, 'idempotency-key': 'a b' } }],
      ['a body of text', { ...valid, headers: { ...valid.headers, 'content-type': 'text/plain' } }],
      ['no JSON', { ...valid, body: '{"challengeToken":' }],
      ['no body', { ...valid, body: '' }],
      ['an array', { ...valid, body: '[]' }],
      ['another field', { ...valid, body: JSON.stringify({ challengeToken, actions: 'R', agent: {} }) }],
      ['no token', { ...valid, body: JSON.stringify({ actions: 'R' }) }],
      ['a letter that is no move', { ...valid, body: JSON.stringify({ challengeToken, actions: 'RXD' }) }],
      ['actions of another type', { ...valid, body: JSON.stringify({ challengeToken, actions: 7 }) }],
      ['a forged token', { ...valid, body: JSON.stringify({ challengeToken: forgedToken(challengeToken), actions: 'R' }) }],
      ['a body past 16 KB', { ...valid, body: JSON.stringify({ challengeToken, actions: 'R'.padEnd(17_000, ' ') }) }],
    ];
    for (const [what, sent] of cases) {
      const [arenaAnswer, minimalAnswer] = await both(sent, 60);
      const typeOf = (answer: Answered) => (JSON.parse(answer.text) as { type: string }).type;
      expect([minimalAnswer.status, typeOf(minimalAnswer)], what).toEqual([arenaAnswer.status, typeOf(arenaAnswer)]);
      expect(arenaAnswer.status, what).toBeGreaterThanOrEqual(400);
    }
  });
});

function post(path: string, body: unknown): Request {
  return new Request(`http://arena.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() },
    body: JSON.stringify(body),
  });
}

async function sqliteLedger(): Promise<{ ledger: Ledger; query: Query; close(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'minimal-submit-'));
  const path = join(folder, 'minimal.db');
  const ledger = openSqliteLedger(path);
  return { ledger, query: sqliteQuery(path), close: async () => (await ledger.close(), await rm(folder, { recursive: true, force: true })) };
}

async function postgresLedger(): Promise<{ ledger: Ledger; query: Query; close(): Promise<void> }> {
  const database = await throwawayDatabase(process.env.DATABASE_URL!);
  const ledger = await openPostgresLedger(database.url, 4);
  return { ledger, query: postgresQuery(database.url), close: async () => (await ledger.close(), await database.drop()) };
}
