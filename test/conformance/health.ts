import { describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import type { Target } from './define.ts';
import { MIGRATION_COUNT } from '../support/migration-count.ts';

export function healthProbes(target: Target): void {
  const api = client(target.baseUrl);

  describe('health probes', () => {
    it('answers liveness without consulting storage', async () => {
      const answer = await api.get('/healthz');
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toEqual({ status: 'ok' });
      expect((await api.send('/healthz', { method: 'HEAD' })).status).toBe(200);
    });

    it('answers readiness once storage is reachable and carries every migration', async () => {
      const answer = await api.get('/readyz');
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ status: 'ready', migrations: MIGRATION_COUNT });
      expect((await api.send('/readyz', { method: 'HEAD' })).status).toBe(200);
    });
  });
}
