import { describe, expect, it } from 'vitest';
import { writeHeaders } from '../support/agents.ts';
import { client, expectProblem, walkPages } from '../support/http.ts';
import { ARRIVAL_CAP, type Target } from './define.ts';

const CHECK_IN = { displayName: 'Scout', model: 'unknown', sentBy: 'an operator', source: 'llms.txt', purpose: 'Looking around.', operatorAuthorized: true };

export function arrivalHall(target: Target): void {
  const api = client(target.baseUrl);
  const checkIn = (body: unknown, headers = writeHeaders()) => api.postJson('/api/arrival', body, headers);

  describe('Arrival Hall', () => {
    it('keeps a sanitised public declaration, lists it newest first, and never shows the digests', async () => {
      const before = (await api.get('/api/arrival')).body.count;
      const answer = await checkIn({
        ...CHECK_IN,
        handle: 'scout\u0000-1',
        displayName: '  Ro\u0007bot\u202e  <b>Scout</b>\n\tthe   Second ',
        purpose: 'Line one.\r\nLine two.\u200b',
      });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.arrival).toMatchObject({ handle: 'scout-1', displayName: 'Robot <b>Scout</b> the Second', purpose: 'Line one. Line two.', model: 'unknown' });
      const listed = (await api.get('/api/arrival')).body;
      expect(listed.count).toBe(before + 1);
      expect(listed.arrivals[0]).toEqual(answer.body.arrival);
      expect(listed.truth).toMatch(/traffic evidence only/);
      expect(JSON.stringify(listed)).not.toMatch(/digest|127\.0\.0\.1/i);
    });

    it('pages check-ins newest first, with no gap or repeat', async () => {
      for (const displayName of ['Pager one', 'Pager two']) expect((await checkIn({ ...CHECK_IN, displayName })).status).toBe(201);
      const every = (await api.get('/api/arrival?limit=100')).body.arrivals;
      expect(every.slice(0, 2).map((arrival: { displayName: string }) => arrival.displayName)).toEqual(['Pager two', 'Pager one']);
      const walked = await walkPages(api, '/api/arrival', 'arrivals', 1);
      expect(walked.items).toEqual(every);
      expect(walked.pages).toBe(every.length);
    });

    it('needs operatorAuthorized: true, bounded fields and an Idempotency-Key', async () => {
      for (const bad of [
        { ...CHECK_IN, operatorAuthorized: false },
        { ...CHECK_IN, operatorAuthorized: 'true' },
        (({ operatorAuthorized: _, ...rest }) => rest)(CHECK_IN),
        { ...CHECK_IN, displayName: 'd'.repeat(81) },
        { ...CHECK_IN, displayName: '\u0000\u0007 \n' },
        { ...CHECK_IN, purpose: 'p'.repeat(501) },
        { ...CHECK_IN, sentBy: 's'.repeat(121) },
        { ...CHECK_IN, model: 5 },
        { ...CHECK_IN, purpose: `here is my key arena_${'B'.repeat(43)}` },
        { ...CHECK_IN, ipAddress: '10.0.0.1' },
      ]) {
        expectProblem(await checkIn(bad), 400, 'invalid-request');
      }
      expectProblem(await api.postJson('/api/arrival', CHECK_IN), 400, 'invalid-request');
      const limits = await checkIn({ ...CHECK_IN, displayName: `${'d'.repeat(80)}\u0000`, purpose: 'p'.repeat(500), sentBy: 's'.repeat(120) });
      expect(limits.status, limits.text).toBe(201);
    });

    it('replays a repeated check-in and refuses a reused key with another body', async () => {
      const headers = writeHeaders();
      const first = await checkIn(CHECK_IN, headers);
      const again = await checkIn(CHECK_IN, headers);
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expectProblem(await checkIn({ ...CHECK_IN, purpose: 'Other.' }, headers), 422, 'idempotency-key-reused');
    });

    it('caps check-ins per client and day with 429 and Retry-After', async () => {
      // Every check-in of this suite comes from one client: fill what is left of its day.
      const recorded = (await api.get('/api/arrival')).body.count;
      for (let i = recorded; i < ARRIVAL_CAP; i++) expect((await checkIn(CHECK_IN)).status).toBe(201);
      const over = await checkIn(CHECK_IN);
      expectProblem(over, 429, 'rate-limited');
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      expect((await api.get('/api/arrival')).body.count).toBe(ARRIVAL_CAP);
    });
  });
}
