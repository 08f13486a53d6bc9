import { describe, expect, it } from 'vitest';
import { client, expectProblem } from '../support/http.ts';
import type { Target } from './define.ts';

const SUBMIT = '/api/games/packet-run/submit';

export function httpConventions(target: Target): void {
  const api = client(target.baseUrl);

  describe('HTTP conventions', () => {
    it('answers an unknown path with a 404 problem', async () => {
      expectProblem(await api.get('/no/such/path'), 404, 'not-found');
    });

    it('answers a known path with the wrong method with 405 and Allow', async () => {
      const answer = await api.send('/api/games/packet-run/play', { method: 'DELETE' });
      expectProblem(answer, 405, 'method-not-allowed');
      expect(answer.headers.get('allow')).toContain('GET');
      const post = await api.send(SUBMIT, { method: 'GET' });
      expectProblem(post, 405, 'method-not-allowed');
      expect(post.headers.get('allow')).toContain('POST');
    });

    it('allows any origin, on answers and on errors', async () => {
      expect((await api.get('/api/games')).headers.get('access-control-allow-origin')).toBe('*');
      expect((await api.get('/missing')).headers.get('access-control-allow-origin')).toBe('*');
    });

    it('forbids content sniffing on every answer: JSON, problems, text, HTML, MCP and preflights', async () => {
      const answers = [
        await api.get('/api/games'),
        await api.get('/no/such/path'),
        await api.send(SUBMIT, { method: 'GET' }),
        await api.get('/llms.txt'),
        await api.get('/league'),
        await api.get('/', { accept: 'text/html' }),
        await api.send('/api/mcp', { method: 'GET' }),
        await api.send(SUBMIT, { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' } }),
      ];
      for (const answer of answers) expect(answer.headers.get('x-content-type-options'), `${answer.status} ${answer.headers.get('content-type')}`).toBe('nosniff');
    });

    it('answers a CORS preflight with the path’s methods', async () => {
      const answer = await api.send(SUBMIT, {
        method: 'OPTIONS',
        headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
      expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    });

    it('answers HEAD like GET without a body', async () => {
      const answer = await api.send('/api/games', { method: 'HEAD' });
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('');
    });

    it('serves a description at every problem type URI', async () => {
      const problem = await api.get('/problems/payload-too-large');
      expect(problem.status).toBe(200);
      expect(problem.body).toMatchObject({ type: '/problems/payload-too-large', status: 413 });
      expectProblem(await api.get('/problems/no-such-problem'), 404, 'not-found');
    });

    it('refuses a body declared over 16384 bytes with 413', async () => {
      const body = JSON.stringify({ actions: 'U', agent: { name: 'x'.repeat(17_000) } });
      expectProblem(await api.send(SUBMIT, { method: 'POST', body, headers: { 'content-type': 'application/json' } }), 413, 'payload-too-large');
    });

    it('answers an endless streamed body with 413 without reading it to the end, and keeps serving', async () => {
      // 1 GiB offered in 16 KiB chunks. The core stops at 16384 bytes (see json-body.test.ts);
      // a runtime may discard a little more while closing, but never the whole upload.
      const chunk = new Uint8Array(16_384).fill(0x20);
      const offered = 65_536;
      let pulled = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled++ >= offered) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const answer = await api
        .send(SUBMIT, { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit)
        .catch((error: Error) => error);
      // A runtime may reset the connection while the client is still sending; then the
      // client sees an error instead of the 413.
      if (!(answer instanceof Error)) expectProblem(answer, 413, 'payload-too-large');
      expect(pulled).toBeLessThan(offered);
      expect((await api.get('/api/games')).status).toBe(200);
    });

    it('accepts exactly 16384 bytes', async () => {
      const base = JSON.stringify({ actions: 'U', agent: { name: '' } });
      const body = base.replace('"name":""', `"name":""${' '.repeat(16_384 - base.length)}`);
      expect(new TextEncoder().encode(body).length).toBe(16_384);
      const answer = await api.send(SUBMIT, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(answer.status, answer.text).toBe(200);
    });

    it('refuses a JSON endpoint sent another content type with 415', async () => {
      const body = JSON.stringify({ actions: 'UU' });
      expectProblem(await api.send(SUBMIT, { method: 'POST', body, headers: { 'content-type': 'text/plain' } }), 415, 'unsupported-media-type');
      expectProblem(await api.send(SUBMIT, { method: 'POST', body: new Blob([body]) }), 415, 'unsupported-media-type');
    });

    it('refuses broken, empty and non-UTF-8 JSON with 400', async () => {
      const post = (body: BodyInit) => api.send(SUBMIT, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expectProblem(await post('{"actions": "UU"'), 400, 'malformed-json');
      expectProblem(await post(''), 400, 'malformed-json');
      expectProblem(await post(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), 400, 'malformed-json');
    });
  });
}
