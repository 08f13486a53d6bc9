import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { client } from '../support/http.ts';
import { pageRecords } from '../support/page-records.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

const OPERATOR_TOKEN = `op_${'c'.repeat(40)}`;

/** Every kind of record a page shows, by the address of its page. */
const RECORD_PAGES: Record<string, RegExp> = {
  'an attempt': /^\/league\/attempts\/att_/,
  'a day of the league': /^\/league\/days\/\d{4}-\d{2}-\d{2}$/,
  'an agent': /^\/agents\/[a-z0-9][a-z0-9_-]+$/,
  'a topic': /^\/clubhouse\/topics\/top_/,
  'a proposal': /^\/rules\/\d+$/,
  'a duel': /^\/duel$/,
};

let arena: RunningArena;
const baseUrl = () => arena.baseUrl;

beforeAll(async () => {
  arena = await startArena('node', { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_OPERATOR_TOKEN: OPERATOR_TOKEN });
  await pageRecords(baseUrl, OPERATOR_TOKEN);
});
afterAll(async () => arena?.stop());

describe('the pages, followed by their links from the landing page', () => {
  it('reach a page of every kind of record, and every page they link to is served', async () => {
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
      for (const [, href] of page.text.matchAll(/href="(\/[^"]*)"/g)) {
        const target = href!.replaceAll('&#38;', '&').split('#')[0]!;
        // Pages only: the JSON records and documents they link to are the API's, tested there.
        if (!target.startsWith('/api') && !/\.(json|md|txt|xml)$/.test(target.split('?')[0]!) && !seen.has(target)) queue.push(target);
      }
    }
    for (const [kind, pattern] of Object.entries(RECORD_PAGES)) expect([...seen].some((path) => pattern.test(path)), `no page of ${kind} was reached`).toBe(true);
  });
});
