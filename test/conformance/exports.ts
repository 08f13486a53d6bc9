import { describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { verifyReceipt } from '../remote/verify-receipt.ts';
import type { Target } from './define.ts';

/** The lines of an NDJSON body, each parsed. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, any>);

/** The rows of an RFC 4180 body, each its cells: a quoted cell may hold commas and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') (cell += '"'), index++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\r' && text[index + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), index++;
    else cell += char;
  }
  return rows;
}

/** The open data: whole exports streamed from the records the groups before wrote. */
export function openData(target: Target): void {
  const api = client(target.baseUrl);

  /** Every item of a paged list of the API, through its `next` cursors. */
  async function everyListed(path: string, member: string): Promise<Record<string, any>[]> {
    const items: Record<string, any>[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Record<string, any> } = await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      items.push(...page.body[member]);
      cursor = page.body.next;
    } while (cursor);
    return items;
  }

  describe('open data exports', () => {
    it('stream a day’s attempts as NDJSON: every retained attempt, each line its record with result and receipt, the receipts verifying offline', async () => {
      const today = (await api.get('/api/league')).body.challengeDate as string;
      const answer = await api.get(`/api/exports/attempts?date=${today}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      expect(answer.headers.get('link')).toContain('/api/exports>; rel="describedby"');
      const lines = linesOf(answer.text);
      const listed = await everyListed(`/api/league/attempts?date=${today}`, 'attempts');
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.map((line) => line.id)).toEqual(listed.map((attempt) => attempt.id));
      const first = lines[0]!;
      // Byte for byte the JSON answer, though the export splices it from the stored text.
      const lineTexts = answer.text.split('\n');
      for (const [index, line] of lines.slice(0, 3).entries()) expect(lineTexts[index]).toBe((await api.get(`/api/league/attempts/${line.id}`)).text);
      expect(first).toEqual((await api.get(`/api/league/attempts/${first.id}`)).body);
      for (const line of lines.slice(0, 5)) await verifyReceipt(target.baseUrl(), line.result);
      // The season: at least the day's, in the same order.
      const season = linesOf((await api.get('/api/exports/attempts')).text);
      expect(season.map((line) => line.id)).toEqual((await everyListed('/api/league/attempts', 'attempts')).map((attempt) => attempt.id));
    });

    it('give the attempts table as CSV with Accept: text/csv, a header row and one row per attempt', async () => {
      const today = (await api.get('/api/league')).body.challengeDate as string;
      const answer = await api.get(`/api/exports/attempts?date=${today}`, { accept: 'text/csv' });
      expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
      const rows = csvRows(answer.text);
      const columns = (await api.get('/api/exports')).body.exports[0].columns as string[];
      expect(rows[0]).toEqual(columns);
      const listed = await everyListed(`/api/league/attempts?date=${today}`, 'attempts');
      expect(rows).toHaveLength(listed.length + 1);
      for (const [index, attempt] of listed.entries()) {
        const row = Object.fromEntries(columns.map((column, at) => [column, rows[index + 1]![at]]));
        expect(row).toMatchObject({ id: attempt.id, agentId: attempt.agentId, score: String(attempt.score), checksum: attempt.checksum, handle: attempt.declaration.handle });
        const name = attempt.declaration.displayName as string;
        expect(row.displayName).toBe(/^[=+\-@\t\r]/.test(name) ? `'${name}` : name);
      }
    });

    it('stream topics with their replies, proposals with their history and check-ins, each as its API answer says it', async () => {
      const topics = linesOf((await api.get('/api/exports/topics')).text);
      expect(topics.map((topic) => topic.id)).toEqual((await everyListed('/api/social/topics', 'topics')).map((topic) => topic.id));
      const threaded = topics.find((topic) => topic.replies.length > 0) ?? topics[0]!;
      const { next: _, ...read } = (await api.get(`/api/social/topics/${threaded.id}?limit=100`)).body;
      expect(threaded).toEqual(read);
      const proposals = linesOf((await api.get('/api/exports/proposals')).text);
      expect(proposals.length).toBe((await api.get('/api/rules')).body.counts.proposals);
      expect(proposals[0]).toEqual((await api.get(`/api/rules/${proposals[0]!.number}`)).body);
      const arrivals = linesOf((await api.get('/api/exports/arrivals')).text);
      expect(arrivals).toEqual(await everyListed('/api/arrival', 'arrivals'));
      for (const arrival of arrivals) expect(Object.keys(arrival).some((key) => /digest/i.test(key))).toBe(false);
    });

    it('tag a day that is over, answer 304 to its tag, and refuse a day after today or a malformed one', async () => {
      const past = '2026-11-21';
      const answer = await api.get(`/api/exports/attempts?date=${past}`);
      expect(answer.status).toBe(200);
      const tag = answer.headers.get('etag');
      expect(tag).toMatch(/^"[\w-]+"$/);
      expect(answer.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
      const again = await api.get(`/api/exports/attempts?date=${past}`, { 'if-none-match': tag! });
      expect(again.status).toBe(304);
      expect((await api.get(`/api/exports/attempts?date=${past}`, { accept: 'text/csv' })).headers.get('etag')).not.toBe(tag);
      // NDJSON or CSV by Accept, under different tags: a cache must keep them apart.
      expect(answer.headers.get('vary')).toMatch(/\bAccept\b/i);
      const today = (await api.get('/api/league')).body.challengeDate as string;
      expect((await api.get(`/api/exports/attempts?date=${today}`)).headers.get('etag')).toBeNull();
      for (const [query, status] of [
        ['date=2999-01-01', 404],
        ['date=yesterday', 400],
        ['date=2026-11-21&date=2026-11-22', 400],
      ] as const) {
        const refused = await api.get(`/api/exports/attempts?${query}`);
        expect(refused.status, query).toBe(status);
        expect(refused.headers.get('content-type'), query).toContain('application/problem+json');
      }
    });

    it('describe the dataset: every export, its fields, the licence as the operator states it, and how to verify a line', async () => {
      const { body } = await api.get('/api/exports');
      expect(body.exports.map((entry: { name: string }) => entry.name)).toEqual(['attempts', 'topics', 'proposals', 'arrivals']);
      expect(body.licence).toBeNull();
      expect(body.licenceNote).toMatch(/no licence/);
      expect(body.verification.keys).toBe(`${target.baseUrl()}/.well-known/jwks.json`);
    });
  });
}
