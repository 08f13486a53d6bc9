import { describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { isUnder, linksIn } from '../support/links.ts';
import type { Target } from './define.ts';

/** Every document an agent may start from. */
const DOCUMENTS = [
  '/',
  '/api',
  '/api/dispatch',
  '/api/challenge',
  '/api/entry',
  '/api/stats',
  '/api/invite',
  '/api/pulse',
  '/agent-index',
  '/join',
  '/skill.md',
  '/heartbeat.txt',
  '/llms.txt',
  '/protocol.md',
  '/feed.xml',
  '/mcp/server.json',
  '/api/mcp/server.json',
  '/.well-known/agent-card.json',
  '/openapi.json',
];

export function discoveryLinks(target: Target): void {
  const api = client(target.baseUrl);

  describe('discovery documents', () => {
    it('are all served, and every link they contain is under the arena’s base URL and leads somewhere (no 404)', async () => {
      const base = target.baseUrl();
      const origin = new URL(base).origin;
      const links = new Map<string, string>();
      for (const document of DOCUMENTS) {
        const answer = await api.get(document, { accept: document === '/' ? 'text/html' : '*/*' });
        expect(answer.status, document).toBe(200);
        for (const link of linksIn(answer.text, origin, answer.headers.get('content-type'))) if (!links.has(link)) links.set(link, document);
      }
      expect(links.size).toBeGreaterThan(40);
      expect([...links].filter(([link]) => !isUnder(link, base)).map(([link, document]) => `${link} (named in ${document})`)).toEqual([]);
      const broken: string[] = [];
      for (const [link, document] of links) {
        // Only the status matters, and one link (`/api/events`) answers a stream that never ends.
        const answer = await fetch(link);
        await answer.body?.cancel();
        if (answer.status === 404) broken.push(`${link} (named in ${document})`);
        expect(answer.status, link).toBeLessThan(500);
      }
      expect(broken).toEqual([]);
    });
  });
}
