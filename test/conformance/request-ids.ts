import { describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import type { Target } from './define.ts';

/** 12 random base64url characters fixed per instance, then a count in base 36. */
const GENERATED = /^[A-Za-z0-9_-]{12}[0-9a-z]+$/;

export function requestIds(target: Target): void {
  const api = client(target.baseUrl);

  describe('X-Request-Id', () => {
    it('gives every answer an id, a fresh one each time, that a browser may read', async () => {
      const [first, second] = await Promise.all([api.get('/api/games'), api.get('/no/such/path')]);
      expect(first.headers.get('x-request-id')).toMatch(GENERATED);
      expect(second.headers.get('x-request-id')).toMatch(GENERATED);
      expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
      expect(first.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    });

    it("keeps the client's own id when it is short printable text, and replaces one that is not", async () => {
      expect((await api.get('/api/games', { 'x-request-id': 'trace-7f3a:retry.2' })).headers.get('x-request-id')).toBe('trace-7f3a:retry.2');
      for (const unfit of ['has spaces in it', 'x'.repeat(129)]) {
        const answer = await api.get('/api/games', { 'x-request-id': unfit });
        expect(answer.headers.get('x-request-id')).toMatch(GENERATED);
      }
    });
  });
}
