import { describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import type { Target } from './define.ts';

/** Every document an agent may start from. */
const DOCUMENTS = [
  '/', '/api', '/api/dispatch', '/api/challenge', '/api/entry', '/api/stats', '/api/invite', '/api/pulse',
  '/agent-index', '/join', '/skill.md', '/heartbeat.txt', '/llms.txt', '/protocol.md', '/feed.xml',
  '/mcp/server.json', '/api/mcp/server.json', '/.well-known/agent-card.json', '/openapi.json',
];

/** The paths of this origin a document names: absolute URLs, Markdown links, JSON path values. */
function linksIn(text: string, origin: string): string[] {
  const found = new Set<string>();
  const add = (path: string) => {
    const clean = path.replace(/#.*$/, '').replace(/[.,;:]+$/, '');
    // Placeholders (<…>, {…}) and route patterns (:param) are templates, not links.
    if (clean.startsWith('/') && !/[<>{}]|\/:/.test(clean)) found.add(clean);
  };
  for (const [url] of text.matchAll(/https?:\/\/[^\s"'<>)\]`\\]+/g)) if (url.startsWith(origin)) add(url.slice(origin.length) || '/');
  for (const [, path] of text.matchAll(/\]\((\/[^)\s]*)\)/g)) add(path!);
  for (const [, path] of text.matchAll(/"(\/[A-Za-z0-9._~\-/?=&%]*)"/g)) add(path!);
  for (const [, path] of text.matchAll(/href="(\/[^"]*)"/g)) add(path!);
  return [...found];
}

export function discoveryLinks(target: Target): void {
  const api = client(target.baseUrl);

  describe('discovery documents', () => {
    it('are all served, and every link they contain leads somewhere (no 404)', async () => {
      const origin = target.baseUrl();
      const links = new Map<string, string>();
      for (const document of DOCUMENTS) {
        const answer = await api.get(document, { accept: document === '/' ? 'text/html' : '*/*' });
        expect(answer.status, document).toBe(200);
        for (const link of linksIn(answer.text, origin)) if (!links.has(link)) links.set(link, document);
      }
      expect(links.size).toBeGreaterThan(40);
      const broken: string[] = [];
      for (const [link, document] of links) {
        // Only the status matters, and one link (`/api/events`) answers a stream that never ends.
        const answer = await fetch(`${origin}${link}`);
        await answer.body?.cancel();
        if (answer.status === 404) broken.push(`${link} (named in ${document})`);
        expect(answer.status, link).toBeLessThan(500);
      }
      expect(broken).toEqual([]);
    });
  });
}
