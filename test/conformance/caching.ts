import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { joinedAgent } from '../support/agents.ts';
import { client } from '../support/http.ts';
import type { Target } from './define.ts';

/** The answer exactly as sent: status, headers and the body's bytes, undecoded (fetch would decode it). */
function rawGet(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Public reads that are a function of stored state: each with its own Cache-Control time. */
const CACHEABLE = [
  '/api/league',
  '/api/leaderboard',
  '/api/leaderboard/season',
  '/api/league/attempts',
  '/api/social/topics',
  '/api/rules',
  '/feed.xml',
  '/openapi.json',
  '/.well-known/jwks.json',
  '/api/games/packet-run',
];

export function caching(target: Target): void {
  const api = client(target.baseUrl);

  describe('conditional reads and compression', () => {
    it('tags every cacheable read with a strong ETag and says how long it may be kept; If-None-Match gets 304', async () => {
      // Uncompressed, so the tag is the strong one (a compressed answer's is weak; see below).
      const plain = { 'accept-encoding': 'identity' };
      for (const path of CACHEABLE) {
        const first = await api.get(path, plain);
        expect(first.status, path).toBe(200);
        const etag = first.headers.get('etag');
        expect(etag, path).toMatch(/^"[A-Za-z0-9_-]{24}"$/);
        expect(first.headers.get('cache-control'), path).toMatch(/^public, max-age=\d+$/);

        const again = await api.get(path, { ...plain, 'if-none-match': etag! });
        expect(again.status, path).toBe(304);
        expect(again.text, path).toBe('');
        expect(again.headers.get('etag'), path).toBe(etag);
        expect(again.headers.get('cache-control'), path).toBe(first.headers.get('cache-control'));
        // A list of tags, a weak form of ours, and `*` match; another tag does not.
        expect((await api.get(path, { ...plain, 'if-none-match': `"other", W/${etag}` })).status, path).toBe(304);
        expect((await api.get(path, { ...plain, 'if-none-match': '*' })).status, path).toBe(304);
        expect((await api.get(path, { ...plain, 'if-none-match': '"not-this-one"' })).status, path).toBe(200);
      }
    });

    it('changes the tag when the stored state changes', async () => {
      const before = await api.get('/api/league/attempts');
      expect((await api.get('/api/league/attempts', { 'if-none-match': before.headers.get('etag')! })).status).toBe(304);
      await joinedAgent(target.baseUrl, `etag-${target.runtime}`);
      const after = await api.get('/api/league/attempts', { 'if-none-match': before.headers.get('etag')! });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    });

    it('keeps answers that are not a function of stored state uncached', async () => {
      for (const path of ['/api/games/packet-run/trial', '/healthz', '/api/stats']) {
        const answer = await api.get(path);
        expect(answer.headers.get('etag'), path).toBeNull();
        expect(answer.headers.get('cache-control'), path).toBe('no-store');
      }
    });

    it('compresses large answers with brotli or gzip as accepted, and says they vary with Accept-Encoding', async () => {
      const identity = await rawGet(target.baseUrl(), '/openapi.json', { 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toMatch(/accept-encoding/i);
      const document = JSON.parse(identity.body.toString('utf8'));

      // Workers compress for themselves, in gzip here (Cloudflare's edge answers brotli itself).
      const br = await rawGet(target.baseUrl(), '/openapi.json', { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding']).toBe(target.runtime === 'workers' ? 'gzip' : 'br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.body.length).toBeLessThan(identity.body.length / 4);
      const decode = br.headers['content-encoding'] === 'br' ? brotliDecompressSync : gunzipSync;
      expect(JSON.parse(decode(br.body).toString('utf8'))).toEqual(document);

      const gzip = await rawGet(target.baseUrl(), '/openapi.json', { 'accept-encoding': 'gzip;q=1, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(document);

      // The compressed answer's tag still revalidates: weakened where the adapter compressed it
      // (its bytes are not the ones the strong tag names), and equal to it once weakness is set aside.
      const etag = String(br.headers.etag);
      if (target.runtime !== 'workers') expect(etag).toMatch(/^W\//);
      expect(etag.replace(/^W\//, '')).toBe(identity.headers.etag);
      expect((await rawGet(target.baseUrl(), '/openapi.json', { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);

      // Small answers are sent as they are (Workers decide that for themselves).
      const small = await rawGet(target.baseUrl(), '/healthz', { 'accept-encoding': 'gzip, br' });
      if (target.runtime !== 'workers') expect(small.headers['content-encoding']).toBeUndefined();
    });
  });
}
