/**
 * PostgreSQL is stricter than SQLite about what it will bind: NUL in text, numbers past
 * `integer`. Every such input must be refused before it reaches the database, so these hostile
 * requests run through the whole arena on PGlite and each must get a 4xx problem, never a 5xx.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import type { Store } from '../../core/store/store.ts';
import { createPGliteDialect, openStore } from '../../storage/index.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';

const forged = (cursor: object) => Buffer.from(JSON.stringify({ v: 1, r: 1, ...cursor })).toString('base64url');

describe('hostile input on PostgreSQL (PGlite), through the whole arena', () => {
  let pglite: PGlite;
  let store: Store;
  let call: (path: string, init?: RequestInit) => Promise<{ status: number; type: string | null; body: any }>;
  let keys: string[];
  let date: string;

  beforeAll(async () => {
    pglite = await PGlite.create();
    store = await openStore(createPGliteDialect({ query: (sql, parameters) => pglite.query(sql, parameters), close: async () => {} }), 'postgres');
    const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store });
    call = async (path, init = {}) => {
      const response = await arena.fetch(new Request(`http://arena.test${path}`, init));
      return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
    };
    const league = (await call('/api/league')).body;
    date = league.challengeDate;
    keys = [];
    for (const handle of ['author', 'reviewer']) {
      const joined = await call('/api/league/join', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() },
        body: JSON.stringify({ challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle } }),
      });
      keys.push(joined.body.apiKey);
    }
  });
  afterAll(async () => {
    await store?.close();
    await pglite?.close();
  });

  const write = (method: string, path: string, body: unknown, key: string) =>
    call(path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'idempotency-key': freshKey(), authorization: `Bearer ${key}` } });

  it('refuses NUL, forged cursors, impossible dates and numbers past integer with a 4xx', async () => {
    const reads = [
      '/api/league/attempts?agent=%00',
      '/api/league/attempts?agent=agt_%00x',
      '/api/league/attempts/%00',
      '/api/league/attempts/%C3',
      '/api/social/topics/%00',
      '/api/arrival/%00',
      '/api/rules/99999999999',
      '/api/rules/2147483648',
      '/api/league/attempts?date=2031-02-30',
      '/api/leaderboard/daily?date=0000-00-00',
      `/api/league/attempts?cursor=${forged({ l: 'attempts:[null,null]', k: ['\u0000', 'x'] })}`,
      `/api/arrival?cursor=${forged({ l: 'arrivals', k: ['\u0000', 'x'] })}`,
      `/api/social/topics?cursor=${forged({ l: 'topics:null', k: ['\u0000', 'x'] })}`,
      `/api/leaderboard/daily?cursor=${forged({ l: `day:${date}`, k: [2 ** 53 - 1, 'x', 'y'] })}`,
      `/api/leaderboard/season?cursor=${forged({ l: 'season', k: [2 ** 31, 'x', 'y'] })}`,
      `/api/rules?cursor=${forged({ l: 'proposals:[null,null]', k: [2 ** 31] })}`,
      `/api/league/attempts?cursor=${forged({ l: 'attempts:[null,null]', k: ['x', 'y'], r: 2 ** 40 })}`,
    ];
    for (const path of reads) {
      const answer = await call(path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.type, path).toContain('application/problem+json');
    }
    const proposal = (await write('POST', '/api/rules', { gameId: 'packet-run', title: 't', summary: 's', ruleText: 'r', rationale: 'w' }, keys[0]!)).body.number;
    const writes = [
      await write('PUT', `/api/rules/${proposal}/review`, { revision: 2 ** 31, stance: 'support', comment: 'c' }, keys[1]!),
      await write('PUT', '/api/rules/99999999999/review', { stance: 'support', comment: 'c' }, keys[1]!),
      await write('POST', '/api/rules/99999999999/revisions', { title: 'x' }, keys[0]!),
    ];
    for (const answer of writes) expect([400, 404], JSON.stringify(answer.body)).toContain(answer.status);
  });
});
