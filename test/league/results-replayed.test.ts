/**
 * A league attempt stores no result (migration 0013): every read plays its tape again on the
 * day's kept board and checks it against the checksum its receipt signed. What it answers is
 * byte for byte what its submit answered; a change to the board (or to the rules) is never
 * served as if it were the evidence given out.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import type { FailureEvent } from '../../core/http/log.ts';
import { createSqliteDialect, openStore } from '../../storage/index.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const NOW = Date.parse('2031-03-05T10:00:00Z');

/** An arena instance on the database `file`, with its own memory; `secret` decides its boards. */
async function instance(file: string, secret: Uint8Array, signingKey: Uint8Array) {
  const store = await openStore(createSqliteDialect(new Database(file)), 'sqlite');
  // Failures are kept to be read, not printed: two of the tests make them on purpose.
  const failures: FailureEvent[] = [];
  const arena = createArena({ signingKey, secret, store, now: () => NOW, log: (event) => void (event.event === 'failure' && failures.push(event)) });
  const send = async (path: string, init?: { body: unknown; headers: Record<string, string> }) => {
    const request = init
      ? new Request(`http://arena.test${path}`, { method: 'POST', body: JSON.stringify(init.body), headers: { 'content-type': 'application/json', ...init.headers } })
      : new Request(`http://arena.test${path}`);
    const response = await arena.fetch(request);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  return { send, failures };
}

async function database() {
  const dir = await mkdtemp(join(tmpdir(), 'arena-replayed-'));
  dirs.push(dir);
  const file = join(dir, 'arena.db');
  const keys = { secret: randomSeed(), signingKey: randomSeed() };
  const first = await instance(file, keys.secret, keys.signingKey);
  const league = JSON.parse((await first.send('/api/league')).text);
  const joined = await first.send('/api/league/join', {
    body: { challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle: 'replayed' } },
    headers: { 'idempotency-key': freshKey() },
  });
  expect(joined.status, joined.text).toBe(200);
  const { apiKey } = JSON.parse(joined.text);
  const submitted = await first.send('/api/league/submit', {
    body: { challengeToken: league.challengeToken, actions: 'UURRDL' },
    headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': freshKey() },
  });
  expect(submitted.status, submitted.text).toBe(200);
  const raw = (statement: string, ...values: unknown[]) => {
    const db = new Database(file);
    try {
      const prepared = db.prepare(statement);
      return prepared.reader ? prepared.all(...values) : prepared.run(...values);
    } finally {
      db.close();
    }
  };
  return { file, keys, first, league, apiKey, joined: JSON.parse(joined.text), submitted: JSON.parse(submitted.text), raw };
}

it('answers every read of an attempt with what its submit answered, byte for byte, from a tape and a kept board', async () => {
  const { file, keys, first, league, joined, submitted, raw } = await database();
  expect(raw('SELECT result FROM attempts')).toEqual([{ result: '' }, { result: '' }]);
  expect(raw('SELECT date, board FROM league_boards')).toEqual([{ date: league.challengeDate, board: JSON.stringify(league.board) }]);
  // Another instance, its memory empty, reads them.
  const other = await instance(file, keys.secret, keys.signingKey);
  for (const arena of [first, other]) {
    for (const { attempt } of [joined, submitted]) {
      const read = await arena.send(`/api/league/attempts/${attempt.id}`);
      expect(read.status).toBe(200);
      expect(read.text).toBe(JSON.stringify(attempt));
      expect((await arena.send(`/league/attempts/${attempt.id}`)).status).toBe(200);
    }
    const exported = await arena.send(`/api/exports/attempts?date=${league.challengeDate}`);
    // Both made at one time: newest first, then by id.
    const lines = exported.text.trimEnd().split('\n');
    expect(lines.toSorted()).toEqual([JSON.stringify(submitted.attempt), JSON.stringify(joined.attempt)].toSorted());
    expect(arena.failures).toEqual([]);
  }
});

it('refuses to serve a result its receipt does not cover: the day’s board changed, as a rule change would change the replay', async () => {
  const { file, keys, league, submitted, raw } = await database();
  // Start and exit swapped: the replay and the result both change.
  const board = { ...league.board, start: league.board.exit, exit: league.board.start };
  raw('UPDATE league_boards SET board = ?', JSON.stringify(board));
  const other = await instance(file, keys.secret, keys.signingKey);
  const read = await other.send(`/api/league/attempts/${submitted.attempt.id}`);
  expect(read.status).toBe(500);
  expect(read.type).toBe('application/problem+json');
  expect(read.text).not.toContain(submitted.attempt.checksum);
  expect((await other.send(`/league/attempts/${submitted.attempt.id}`)).status).toBe(500);
  expect(other.failures.map((failure) => failure.error?.name)).toEqual(['ResultNotReproduced', 'ResultNotReproduced']);
  expect(other.failures[0]!.error!.message).toContain(submitted.attempt.id);
});

it('retains no attempt on a board other than the day’s kept one: an instance with another secret is refused', async () => {
  const { file, keys, apiKey, raw } = await database();
  const stranger = await instance(file, randomSeed(), keys.signingKey);
  const league = JSON.parse((await stranger.send('/api/league')).text);
  const answer = await stranger.send('/api/league/submit', {
    body: { challengeToken: league.challengeToken, actions: 'UURRDL' },
    headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': freshKey() },
  });
  expect(answer.status, answer.text).toBe(500);
  expect(stranger.failures.map((failure) => failure.error?.message)).toEqual([expect.stringContaining('must share one ARENA_SECRET')]);
  expect(raw('SELECT count(*) AS n FROM attempts')).toEqual([{ n: 2 }]);
});
