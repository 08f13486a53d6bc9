import { Agent, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { client, expectProblem } from '../support/http.ts';
import { sendRaw, type RawAnswer } from '../support/raw-http.ts';
import type { Target } from './define.ts';

const SUBMIT = '/api/games/packet-run/submit';

/** One request through `agent` (a keep-alive agent reuses its connection): the answer's status, or the error. */
function statusThrough(agent: Agent, method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = httpRequest(url, { method, agent, headers }, (answer) => {
      answer.resume();
      answer.once('end', () => resolve(answer.statusCode ?? 0));
    });
    outgoing.once('error', (error) => resolve(error.message));
    outgoing.end(body);
  });
}

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

    it('declares an answer’s length in bytes, with text outside ASCII in it', async () => {
      // Answers are kept as text and their length measured apart from the runtime's own encoding.
      const name = 'é ☃ 𝄞';
      const answer = await sendRaw(
        target.baseUrl(),
        `GET ${target.basePath}/api/games/packet-run/play?actions=UR&agent=${encodeURIComponent(name)} HTTP/1.1\r\nHost: arena.test\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, answer.body).toBe(200);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect((JSON.parse(answer.body) as { declaration: { name: string } }).declaration.name).toBe(name);
    });

    // Workers are behind Cloudflare's edge, which sends every request with its Host (workerd under
    // miniflare refuses one without it before the Worker sees it).
    it.skipIf(target.runtime === 'workers')('answers an HTTP/1.0 request that names no Host, as a load balancer’s health check sends it', async () => {
      // HAProxy's `option httpchk` sends exactly this (cluster/haproxy.cfg); Bun hands such a request a bare path.
      const answer = await sendRaw(target.baseUrl(), `GET ${target.basePath}/readyz HTTP/1.0\r\n\r\n`);
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 'ready' });
    });

    it('answers HEAD like GET without a body', async () => {
      const answer = await api.send('/api/games', { method: 'HEAD' });
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('');
    });

    it('serves a description at every problem type URI', async () => {
      const problem = await api.get('/problems/payload-too-large');
      expect(problem.status).toBe(200);
      expect(problem.body).toMatchObject({ type: `${target.basePath}/problems/payload-too-large`, status: 413 });
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

    it('closes the connection after a 413, whether or not the rest of the body follows', async () => {
      const head = (framing: string) => `POST ${target.basePath}${SUBMIT} HTTP/1.1\r\nHost: arena.test\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
      const cases: [string, string][] = [
        ['Content-Length: 20000', ''],
        ['Content-Length: 20000', 'x'.repeat(100)],
        ['Transfer-Encoding: chunked', `4e20\r\n${'x'.repeat(20_000)}\r\n`],
      ];
      // Node and Deno close it half a second after the 413. Bun keeps it for the rest of the body,
      // which it discards, and closes it once the client has sent nothing for a second, a time it
      // counts in steps of about 4 s (adapters/bun/main.ts).
      const closeWithinMs = target.runtime === 'bun' ? 6_000 : 1_000;
      const answers = await Promise.all(cases.map(([framing, body]) => sendRaw(target.baseUrl(), head(framing), { body, closeWithinMs })));
      for (const [index, answer] of answers.entries()) {
        const [framing, body] = cases[index]!;
        expectRawProblem(answer, 413, 'payload-too-large', target.basePath);
        expect(answer.closed, `${framing} with ${body.length} bytes sent`).toBe(true);
      }
    });

    it('keeps the connection for the next request after a write refused before its body was read', async () => {
      // One connection, kept alive: a server that closed it without saying so would fail the next request.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let round = 0; round < 5; round++) {
          const headers = { 'content-type': 'application/json', authorization: 'Bearer not-a-key', 'idempotency-key': `kept-${round}` };
          expect(await statusThrough(agent, 'POST', `${target.baseUrl()}/api/social/join`, headers, JSON.stringify({ pad: 'x'.repeat(2000) }))).toBe(401);
          expect(await statusThrough(agent, 'GET', `${target.baseUrl()}/api/games`)).toBe(200);
        }
      } finally {
        agent.destroy();
      }
    });

    it('answers a 20000-character query with its own problem, not the runtime’s bare 431', async () => {
      const answer = await api.get(`/api/games/triad-duel/verify?receiptToken=${'a'.repeat(20_000)}`);
      expectProblem(answer, 400);
    });

    it('refuses broken, empty and non-UTF-8 JSON with 400', async () => {
      const post = (body: BodyInit) => api.send(SUBMIT, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expectProblem(await post('{"actions": "UU"'), 400, 'malformed-json');
      expectProblem(await post(''), 400, 'malformed-json');
      expectProblem(await post(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), 400, 'malformed-json');
    });

    malformedRequests(target);
  });
}

/**
 * What no HTTP client library sends, so it goes out byte for byte on a raw socket: each is a
 * 4xx or 501 problem, never a 500. Where a runtime's own HTTP parser answers before the core
 * sees the request, the exception is named beside the case (and in docs/protocol/http.md).
 */
function malformedRequests(target: Target): void {
  const line = (requestLine: string, host = 'arena.test') => `${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  const send = (head: string) => sendRaw(target.baseUrl(), head);

  describe('malformed requests', () => {
    // Under miniflare, its Node proxy answers a Host it cannot parse with its own 500 before
    // workerd runs; on Cloudflare the edge refuses it before any worker does.
    it.skipIf(target.runtime === 'workers')('answers a malformed Host with a 400 problem', async () => {
      for (const host of ['a b c', 'arena.test/elsewhere', '[::1']) {
        expectRawProblem(await send(line(`GET ${target.basePath}/api/games HTTP/1.1`, host)), 400, 'invalid-request', target.basePath);
      }
    });

    it('answers malformed percent-encoding in the path or the query with a 400 problem', async () => {
      for (const path of ['/%ZZ', '/api/social/topics/%E0%A4%A', '/api/games?x=%ZZ', '/api/games?x=%E0%A4%A', '/api/games?x=%FF']) {
        const answer = await send(line(`GET ${target.basePath}${path} HTTP/1.1`));
        expectRawProblem(answer, 400, 'invalid-request', target.basePath);
        expect(JSON.parse(answer.body).detail, path).toContain('percent-encoding');
      }
    });

    // Bun's and Deno's parsers refuse these targets with a bare 400 before the core sees them;
    // Node's adapter answers them with the core's problem. Miniflare's proxy answers 500.
    it.skipIf(target.runtime === 'workers')('answers a request target that is not a path with 400', async () => {
      for (const requestLine of ['GET * HTTP/1.1', 'GET api/games HTTP/1.1']) {
        const answer = await send(line(requestLine));
        expect(answer.status, requestLine).toBe(400);
        if (answer.body !== '') expectRawProblem(answer, 400, 'invalid-request', target.basePath);
      }
    });

    it('answers a method the arena implements nowhere with a 501 problem', async () => {
      for (const method of ['TRACE', 'PATCH', 'PROPFIND']) {
        expectRawProblem(await send(line(`${method} ${target.basePath}/api/games HTTP/1.1`)), 501, 'not-implemented', target.basePath);
      }
      expectRawProblem(await send(line('TRACE /no/such/path HTTP/1.1')), 501, 'not-implemented', target.basePath);
    });

    // Bun's parser knows a fixed list of methods and closes the connection, unanswered, on any
    // other; workerd answers those itself, with a plain-text 501.
    it.skipIf(target.runtime === 'bun')('answers a method token no parser knows with 501', async () => {
      for (const method of ['TRACK', 'FOO']) {
        const answer = await send(line(`${method} ${target.basePath}/api/games HTTP/1.1`));
        if (target.runtime === 'workers') expect(answer.status, method).toBe(501);
        else expectRawProblem(answer, 501, 'not-implemented', target.basePath);
      }
    });

    // Miniflare's proxy answers CONNECT with its own 500; Cloudflare's edge never forwards it.
    it.skipIf(target.runtime === 'workers')('answers CONNECT with a 501 problem', async () => {
      expectRawProblem(await send(line('CONNECT arena.test:443 HTTP/1.1', 'arena.test:443')), 501, 'not-implemented', target.basePath);
    });

    it('keeps serving after all of them', async () => {
      expect((await fetch(`${target.baseUrl()}/api/games`)).status).toBe(200);
    });
  });
}

/** A problem document read off a raw socket, its type under the arena's base path. */
function expectRawProblem(answer: RawAnswer, status: number, slug: string, basePath: string): void {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json');
  expect(JSON.parse(answer.body)).toMatchObject({ type: `${basePath}/problems/${slug}`, status, title: expect.any(String), detail: expect.any(String) });
}
