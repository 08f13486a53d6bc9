/**
 * A league submit is kept once, as its attempt: the attempt holds the request's Idempotency-Key
 * (its digest), no idempotency record is written for it, and a replay makes the same bytes again
 * from the attempt. A refusal is kept for its key as any durable write's is.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import { idempotencyKeyDigest } from '../../core/http/idempotency.ts';
import { createSqliteDialect, openStore } from '../../storage/index.ts';
import { finishingTape, forgedToken, freshKey, freshNonce, stuckTape } from '../support/fixtures/league.ts';
import { everything } from '../support/sqlite-file.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** From 10:00 into the next day, when the day's challenge token has expired (records are kept 24 hours). */
const TO_NEXT_DAY_MS = 15 * 60 * 60 * 1000;

async function fileArena() {
  const dir = await mkdtemp(join(tmpdir(), 'arena-kept-once-'));
  dirs.push(dir);
  const file = join(dir, 'arena.db');
  const store = await openStore(createSqliteDialect(new Database(file)), 'sqlite');
  const clock = { now: Date.parse('2031-03-05T10:00:00Z') };
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store, now: () => clock.now });
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const response = await arena.fetch(
      new Request(`http://arena.test${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
    );
    return { status: response.status, replayed: response.headers.get('idempotency-replayed'), text: await response.text() };
  };
  const read = <Row>(statement: string) => {
    const raw = new Database(file, { readonly: true });
    try {
      return raw.prepare(statement).all() as Row[];
    } finally {
      raw.close();
    }
  };
  const league = await (await arena.fetch(new Request('http://arena.test/api/league'))).json();
  const joined = await post(
    '/api/league/join',
    { challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle: 'kept-once' } },
    { 'idempotency-key': freshKey() },
  );
  expect(joined.status, joined.text).toBe(200);
  const { apiKey, agent } = JSON.parse(joined.text);
  return { file, store, clock, league, post, read, bearer: { authorization: `Bearer ${apiKey}` }, agentId: agent.id as string };
}

it('keeps a submit once, as its attempt holding its key, and replays it byte for byte from there', async () => {
  const { file, store, league, post, read, bearer, agentId } = await fileArena();
  try {
    const key = freshKey();
    const body = { challengeToken: league.challengeToken, actions: 'UURR' };
    const first = await post('/api/league/submit', body, { ...bearer, 'idempotency-key': key });
    expect(first.status, first.text).toBe(200);
    const { receiptToken } = JSON.parse(first.text).attempt;

    // Only in the attempt's row, as a column (its result is not stored: it is played again), not again in an idempotency record.
    const inAttempts = JSON.stringify(read('SELECT * FROM attempts')).split(receiptToken).length - 1;
    expect(inAttempts).toBe(1);
    expect(everything(file).split(receiptToken).length - 1).toBe(inAttempts);
    // The join's answer is kept (its key redacted); the submit writes no record but its attempt, which holds the key's digest.
    expect(read<{ state: string }>('SELECT state FROM idempotency_records').map((record) => record.state)).toEqual(['completed']);
    const holders = read<{ key_digest: string }>("SELECT key_digest FROM attempts WHERE kind = 'submit'");
    expect(holders).toEqual([{ key_digest: idempotencyKeyDigest(`agent:${agentId}`, key) }]);
    expect(everything(file)).not.toContain(key);

    const again = await post('/api/league/submit', body, { ...bearer, 'idempotency-key': key });
    expect(again).toEqual({ status: 200, replayed: 'true', text: first.text });

    const reused = await post('/api/league/submit', { ...body, actions: stuckTape(league.board) }, { ...bearer, 'idempotency-key': key });
    expect(reused.status, reused.text).toBe(422);
    expect(JSON.parse(reused.text).type).toMatch(/idempotency-key-reused$/);
    expect(read('SELECT id FROM attempts')).toHaveLength(2);
  } finally {
    await store.close();
  }
});

it('keeps a refused submit for its key: replayed, its key not taken by another body, and a later refusal gives way to the attempt', async () => {
  const { store, clock, league, post, read, bearer } = await fileArena();
  try {
    const refusedKey = freshKey();
    const forged = { challengeToken: forgedToken(league.challengeToken), actions: 'UURR' };
    const refused = await post('/api/league/submit', forged, { ...bearer, 'idempotency-key': refusedKey });
    expect(refused.status, refused.text).toBe(400);
    expect(await post('/api/league/submit', forged, { ...bearer, 'idempotency-key': refusedKey })).toEqual({ ...refused, replayed: 'true' });
    const valid = { challengeToken: league.challengeToken, actions: 'UURR' };
    expect((await post('/api/league/submit', valid, { ...bearer, 'idempotency-key': refusedKey })).status).toBe(422);
    expect(read('SELECT id FROM attempts')).toHaveLength(1);

    // The next day the token has expired: the same request is refused by the write, and gives way to its attempt.
    const key = freshKey();
    const first = await post('/api/league/submit', valid, { ...bearer, 'idempotency-key': key });
    expect(first.status, first.text).toBe(200);
    clock.now += TO_NEXT_DAY_MS;
    expect((await post('/api/league/submit', valid, { ...bearer, 'idempotency-key': freshKey() })).status).toBe(400);
    expect(await post('/api/league/submit', valid, { ...bearer, 'idempotency-key': key })).toEqual({ status: 200, replayed: 'true', text: first.text });
    expect(read<{ state: string }>('SELECT state FROM idempotency_records').map((record) => record.state)).toEqual(['completed', 'completed', 'completed']);
  } finally {
    await store.close();
  }
});
