import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import type { Store } from '../../core/store/store.ts';
import { createD1Dialect, createSqliteDialect, openStore, type D1DatabaseLike } from '../../storage/index.ts';
import { bridgedDatabase, miniflareWithDatabases } from '../storage/d1-bridge.ts';
import { freshKey } from '../support/fixtures/league.ts';

const CHECK_IN = { displayName: 'Patient', model: 'unknown', sentBy: 'a test', purpose: 'Waiting out an outage.', operatorAuthorized: true };
const PLAY = '/api/games/packet-run/play?actions=UURRUURUURRRDUUR';

/** An arena in this process over `store`, and a JSON call that keeps status, headers and body. */
function arenaOver(store: Store) {
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store });
  return async (path: string, init: RequestInit = {}) => {
    const response = await arena.fetch(new Request(`http://arena.test${path}`, init), { clientAddress: '192.0.2.1' });
    return { status: response.status, type: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after'), body: await response.json() };
  };
}

const checkIn = (key: string): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(CHECK_IN),
  headers: { 'content-type': 'application/json', 'idempotency-key': key },
});

describe('storage outages where a fault can be made', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('SQLite busy past its timeout: writes answer 503 with Retry-After and keep nothing; reads and games go on', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'arena-busy-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const path = join(folder, 'arena.db');
    const store = await openStore(createSqliteDialect(new Database(path), { busyTimeoutMs: 50 }), 'sqlite');
    cleanups.push(() => store.close());
    const call = arenaOver(store);

    // Another process holds the write lock (an operator's long maintenance statement, say).
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    const key = freshKey();
    const refused = await call('/api/arrival', checkIn(key));
    expect(refused).toMatchObject({ status: 503, type: 'application/problem+json', body: { type: '/problems/storage-unavailable' } });
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect((await call('/api/arrival')).body.count).toBe(0);
    expect((await call(PLAY)).status).toBe(200);

    other.exec('COMMIT');
    other.close();
    const kept = await call('/api/arrival', checkIn(key));
    expect(kept.status).toBe(201);
    expect((await call('/api/arrival')).body.count).toBe(1);
  });

  it('D1 failing as Cloudflare documents a transient error: 503 while it lasts, then back by itself', async () => {
    const miniflare = miniflareWithDatabases(1);
    cleanups.push(() => miniflare.dispose());
    const fault = { down: false };
    const store = await openStore(createD1Dialect(failingWhile(fault, bridgedDatabase(miniflare, 0))), 'sqlite');
    const call = arenaOver(store);

    fault.down = true;
    for (const path of ['/api/league', '/api/stats', '/api/rules']) {
      const answer = await call(path);
      expect(answer, path).toMatchObject({ status: 503, type: 'application/problem+json', body: { type: '/problems/storage-unavailable' } });
      expect(answer.retryAfter).toMatch(/^\d+$/);
    }
    expect((await call('/api/arrival', checkIn(freshKey()))).status).toBe(503);
    expect((await call(PLAY)).status).toBe(200);

    fault.down = false;
    expect((await call('/api/league')).status).toBe(200);
    expect((await call('/api/arrival')).body.count).toBe(0);
    expect((await call('/api/arrival', checkIn(freshKey()))).status).toBe(201);
  });
});

/** The binding, failing every statement with D1's "Network connection lost." while `fault.down`. */
function failingWhile(fault: { down: boolean }, database: D1DatabaseLike): D1DatabaseLike {
  return {
    prepare(sql) {
      const statement = database.prepare(sql);
      const wrap = (bound: ReturnType<D1DatabaseLike['prepare']>): ReturnType<D1DatabaseLike['prepare']> => ({
        bind: (...values) => wrap(bound.bind(...values)),
        all: () => (fault.down ? Promise.reject(new Error('D1_ERROR: Network connection lost.')) : bound.all()),
      });
      return wrap(statement);
    },
  };
}
