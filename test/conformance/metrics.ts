import { describe, expect, it } from 'vitest';
import { client, expectProblem } from '../support/http.ts';
import { readScrape } from '../support/prometheus.ts';
import type { Target } from './define.ts';

export function metrics(target: Target): void {
  const api = client(target.baseUrl);
  const scrape = async () => {
    const answer = await api.get('/metrics', { authorization: `Bearer ${target.operatorToken}` });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return readScrape(answer.text);
  };

  describe('metrics', () => {
    it('are the operator’s: no token is 401, an unknown one 401', async () => {
      expectProblem(await api.get('/metrics'), 401);
      expectProblem(await api.get('/metrics', { authorization: 'Bearer not-the-operator-token-at-all-0123456789' }), 401);
    });

    it('count the requests sent, by route pattern and status, with their latency', async () => {
      const healthy = { method: 'GET', route: '/healthz', status: '200' };
      const missing = { method: 'GET', route: '/api/rules/:number', status: '404' };
      const before = await scrape();
      for (let i = 0; i < 3; i++) await api.get('/healthz');
      await api.get('/api/rules/999999');
      await api.get('/no/such/path');
      // Methods no route answers share one series, however many a client invents.
      for (const method of ['PATCH', 'PROPFIND']) await api.send('/healthz', { method });
      const after = await scrape();

      expect(after.type('arena_http_requests_total')).toBe('COUNTER');
      expect(after.value('arena_http_requests_total', healthy) - before.value('arena_http_requests_total', healthy)).toBe(3);
      expect(after.value('arena_http_requests_total', missing) - before.value('arena_http_requests_total', missing)).toBe(1);
      expect(after.value('arena_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
      expect(after.value('arena_http_requests_total', { method: 'other', status: '501' }) - before.value('arena_http_requests_total', { method: 'other', status: '501' })).toBe(2);
      expect(after.samples('arena_http_requests_total').map((sample) => sample.labels.method)).not.toContain('PROPFIND');
      // The scrape before this one was counted too.
      expect(after.value('arena_http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);

      expect(after.type('arena_http_request_duration_seconds')).toBe('HISTOGRAM');
      const latency = after.histogram('arena_http_request_duration_seconds', healthy)!;
      expect(latency.count - (before.histogram('arena_http_request_duration_seconds', healthy)?.count ?? 0)).toBe(3);
      expect(latency.buckets['+Inf']).toBe(latency.count);
      // Cumulative: never fewer at a higher bound (keys sorted by bound; "1" would sort before "0.5").
      const cumulative = Object.entries(latency.buckets)
        .sort(([a], [b]) => bound(a) - bound(b))
        .map(([, count]) => count);
      expect(cumulative).toEqual([...cumulative].sort((a, b) => a - b));
      // Workers' clock stands still while a request does no I/O, so a probe may take no time there.
      if (target.runtime === 'workers') expect(latency.sum).toBeGreaterThanOrEqual(0);
      else expect(latency.sum).toBeGreaterThan(0);
    });

    it('show the requests in flight, storage latency and what is running', async () => {
      await api.get('/api/league/attempts');
      const now = await scrape();
      // The scrape itself is in flight as it is written.
      expect(now.value('arena_http_requests_in_flight', {})).toBeGreaterThanOrEqual(1);
      const reads = now.histogram('arena_storage_operation_duration_seconds', { operation: 'listAttempts', outcome: 'ok' });
      expect(reads?.count).toBeGreaterThanOrEqual(1);
      expect(now.type('arena_storage_errors_total')).toBe('COUNTER');
      expect(now.samples('arena_build_info')).toEqual([
        { labels: { version: expect.stringMatching(/^\d+\.\d+\.\d+$/), protocol: expect.any(String), runtime: target.runtime }, value: 1 },
      ]);
      expect(now.value('arena_start_time_seconds', {}) * 1000).toBeLessThanOrEqual(Date.now());
    });
  });
}

/** A bucket's upper bound as a number (`+Inf` included). */
function bound(le: string): number {
  return le === '+Inf' ? Infinity : Number(le);
}
