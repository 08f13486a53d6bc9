import { describe, expect, it } from 'vitest';
import { createArena } from '../../core/index.ts';
import { StorageUnavailableError } from '../../core/store/errors.ts';
import type { Store } from '../../core/store/store.ts';

/**
 * A store whose every verb fails as an unreachable database does. It has no `watchEvents`, the
 * one optional verb, which is no query (PostgreSQL's listens again by itself).
 */
const unreachable = new Proxy({} as Store, {
  get: (_, verb) =>
    verb === 'then' || verb === 'watchEvents' ? undefined : async () => Promise.reject(new StorageUnavailableError('the database is unavailable: connect ECONNREFUSED')),
});

/**
 * With the database unreachable, every route of the route table answers: 503 with Retry-After
 * where it needs records, its usual answer where it needs none; never a 500.
 */
describe('every route while the database is unreachable', () => {
  it('answers 503 storage-unavailable or its usual answer, never a 500', async () => {
    const arena = createArena({ signingKey: new Uint8Array(32).fill(1), secret: new Uint8Array(32).fill(2), store: unreachable });
    const unavailable: string[] = [];
    for (const route of arena.routes) {
      const path = route.path.replace(/:\w+/g, '1');
      const init: RequestInit =
        route.method === 'GET'
          ? {}
          : { method: route.method, body: '{}', headers: { 'content-type': 'application/json', 'idempotency-key': 'k1', accept: 'application/json, text/event-stream' } };
      const answer = await arena.fetch(new Request(`http://arena.test${path}`, init), { clientAddress: '192.0.2.1' });
      const where = `${route.method} ${route.path}`;
      if (answer.status !== 503) {
        expect(answer.status, where).toBeLessThan(500);
        continue;
      }
      expect(answer.headers.get('content-type'), where).toBe('application/problem+json');
      const { type } = await answer.json();
      // The operator's routes are closed without an operator token, whatever the database does.
      if (type === '/problems/service-unavailable' && route.auth === 'operator') continue;
      expect(type, where).toBe('/problems/storage-unavailable');
      expect(answer.headers.get('retry-after'), where).toBe('5');
      unavailable.push(where);
    }
    // The records' routes are among them, and the games are not.
    expect(unavailable).toEqual(expect.arrayContaining(['GET /api/league', 'GET /api/stats', 'POST /api/social/join', 'GET /feed.xml', 'GET /league']));
    expect(unavailable.filter((route) => route.includes('/api/games'))).toEqual([]);
  });
});
