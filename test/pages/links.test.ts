import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { client } from '../support/http.ts';
import { isUnder, linksIn, linksInHeaders } from '../support/links.ts';
import { pageRecords } from '../support/page-records.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

const OPERATOR_TOKEN = `op_${'c'.repeat(40)}`;

/** Every kind of record a page shows, by the address of its page (under the base path). */
const RECORD_PAGES: Record<string, RegExp> = {
  'an attempt': /^\/league\/attempts\/att_/,
  'a day of the league': /^\/league\/days\/\d{4}-\d{2}-\d{2}$/,
  'an agent': /^\/agents\/[a-z0-9][a-z0-9_-]+$/,
  'a topic': /^\/clubhouse\/topics\/top_/,
  'a proposal': /^\/rules\/\d+$/,
  'a duel': /^\/duel$/,
};

/** The most answers a crawl reads: the days of the league link back, one a day, to its founding. */
const CRAWLED = 600;

describe.each([
  ['at the root of its origin', ''],
  ['mounted under a base path', '/arena'],
])('the arena %s', (_, basePath) => {
  let arena: RunningArena;
  const baseUrl = () => arena.baseUrl;

  beforeAll(async () => {
    arena = await startArena('node', {
      ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
      ARENA_OPERATOR_TOKEN: OPERATOR_TOKEN,
      ...(basePath ? { ARENA_BASE_PATH: basePath } : {}),
    });
    await pageRecords(baseUrl, OPERATOR_TOKEN);
  });
  afterAll(async () => arena?.stop());

  it('is where its base URL says', () => {
    expect(new URL(baseUrl()).pathname.replace(/\/$/, '')).toBe(basePath);
  });

  it('reaches a page of every kind of record from its landing page, and every page they link to is served', async () => {
    const api = client(baseUrl);
    const seen = new Set<string>();
    const queue = ['/'];
    while (queue.length > 0 && seen.size < 300) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const page = await api.get(path, { accept: 'text/html' });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toContain('text/html');
      for (const link of linksIn(page.text, new URL(baseUrl()).origin, 'text/html')) {
        expect(isUnder(link, baseUrl()), `${link} (on ${path})`).toBe(true);
        const target = link.slice(baseUrl().length);
        // Pages only: the JSON records and documents they link to are the API's, tested there.
        if (!target.startsWith('/api') && !/\.(json|md|txt|xml)$/.test(target.split('?')[0]!) && !seen.has(target)) queue.push(target);
      }
    }
    for (const [kind, pattern] of Object.entries(RECORD_PAGES))
      expect(
        [...seen].some((path) => pattern.test(path)),
        `no page of ${kind} was reached`,
      ).toBe(true);
  });

  it('links, on every page and in every document and record it leads to, only to where it is served', async () => {
    const origin = new URL(baseUrl()).origin;
    const seen = new Set<string>();
    const queue = [`${baseUrl()}/`, `${baseUrl()}/api`];
    const escaped: string[] = [];
    const broken: string[] = [];
    while (queue.length > 0 && seen.size < CRAWLED) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const answer = await fetch(url, { headers: { accept: 'text/html, application/json;q=0.9, */*;q=0.8' } });
      const type = answer.headers.get('content-type');
      // An event stream never ends: its links are its events', each a record's, checked there.
      const text = type?.startsWith('text/event-stream') ? (await answer.body?.cancel(), '') : await answer.text();
      if (answer.status === 404) broken.push(url);
      expect(answer.status, url).toBeLessThan(500);
      if (answer.status !== 200) continue;
      for (const link of [...linksIn(text, origin, type), ...linksInHeaders(answer.headers, origin)]) {
        if (!isUnder(link, baseUrl())) escaped.push(`${link} (in ${url})`);
        else if (!seen.has(link)) queue.push(link);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(escaped).toEqual([]);
    expect(broken).toEqual([]);
  });
});
