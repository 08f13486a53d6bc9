/**
 * A league submit's answer is kept once, as its attempt: the idempotency record holds no copy
 * of it, and a replay makes the same bytes again from the attempt.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import { createSqliteDialect, openStore } from '../../storage/index.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { everything } from '../support/sqlite-file.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

it('keeps a submit’s answer once, as its attempt, and replays it byte for byte from there', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'arena-kept-once-'));
  dirs.push(dir);
  const file = join(dir, 'arena.db');
  const store = await openStore(createSqliteDialect(new Database(file)), 'sqlite');
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store });
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const response = await arena.fetch(
      new Request(`http://arena.test${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
    );
    return { status: response.status, replayed: response.headers.get('idempotency-replayed'), text: await response.text() };
  };
  try {
    const league = await (await arena.fetch(new Request('http://arena.test/api/league'))).json();
    const joined = await post(
      '/api/league/join',
      { challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle: 'kept-once' } },
      { 'idempotency-key': freshKey() },
    );
    expect(joined.status, joined.text).toBe(200);
    const headers = { authorization: `Bearer ${JSON.parse(joined.text).apiKey}`, 'idempotency-key': freshKey() };
    const body = { challengeToken: league.challengeToken, actions: 'UURR' };
    const first = await post('/api/league/submit', body, headers);
    expect(first.status, first.text).toBe(200);
    const { receiptToken } = JSON.parse(first.text).attempt;

    // Only in the attempt's row (as a column and in its result), not again in an idempotency record.
    const raw = new Database(file, { readonly: true });
    const inAttempts = JSON.stringify(raw.prepare('SELECT * FROM attempts').all()).split(receiptToken).length - 1;
    expect(inAttempts).toBe(2);
    expect(everything(file).split(receiptToken).length - 1).toBe(inAttempts);
    const records = raw.prepare('SELECT state, body FROM idempotency_records ORDER BY claimed_at').all() as { state: string; body: string | null }[];
    raw.close();
    // The join's answer is kept (its key redacted); the submit's claim holds none.
    expect(records.map((record) => [record.state, record.body === null])).toEqual([
      ['completed', false],
      ['in-flight', true],
    ]);

    const again = await post('/api/league/submit', body, headers);
    expect(again).toEqual({ status: 200, replayed: 'true', text: first.text });
  } finally {
    await store.close();
  }
});
