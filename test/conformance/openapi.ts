import packageJson from '../../package.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import type { Target } from './define.ts';

export function openApi(target: Target): void {
  const api = client(target.baseUrl);

  describe('OpenAPI description', () => {
    it('serves /openapi.json: OpenAPI 3.1.0 with every path, for this origin', async () => {
      const answer = await api.get('/openapi.json');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json\b/);
      expect(answer.body).toMatchObject({
        openapi: '3.1.0',
        info: { title: 'Agent Arena', version: packageJson.version, 'x-interface-version': '0.6.0' },
        servers: [{ url: target.baseUrl() }],
      });
      expect(Object.keys(answer.body.paths).length).toBeGreaterThan(0);
      expect(answer.body.paths['/openapi.json']).toHaveProperty('get');
    });
  });
}
