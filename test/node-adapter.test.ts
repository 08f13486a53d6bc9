import { request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serve } from '../adapters/node/serve.ts';
import type { FetchHandler } from '../adapters/node/request-listener.ts';
import { sendRaw } from './support/raw-http.ts';
import { startArena, type RunningArena } from './support/servers.ts';

/** What only the Node adapter decides: how a raw request target becomes a URL, and how long a head may be. */
describe('the Node adapter', () => {
  let arena: RunningArena;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'arena-node-adapter-'));
    arena = await startArena('node', { ARENA_DATA_DIR: dir });
  });
  afterAll(async () => {
    await arena?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Sends `target` exactly as written on the request line. */
  function get(target: string): Promise<{ status: number; type: string | undefined; body: string }> {
    const { hostname, port } = new URL(arena.baseUrl);
    return new Promise((resolve, reject) => {
      const sent = httpRequest({ hostname, port, path: target, method: 'GET' }, (answer) => {
        let body = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode!, type: answer.headers['content-type'], body }));
      });
      sent.on('error', reject).end();
    });
  }

  it('reads a path that starts with // as a path, never as another host', async () => {
    const other = await get('//evil.example/api/games/packet-run/play?actions=UU');
    expect(other.status).toBe(404);
    expect(other.body).not.toContain('evil.example/.well-known');
    expect((await get('//api/games')).status).toBe(404);
    // Receipts hold no origin at all now: a live document's links show which origin was read.
    const absolute = await get('http://evil.example/skill.md');
    expect(absolute.status).toBe(200);
    expect(absolute.body).toContain(`${arena.baseUrl}/api/dispatch`);
    expect(absolute.body).not.toContain('evil.example');
  });

  it('answers a target that is neither a path nor an absolute http URL with the core’s 400 problem', async () => {
    for (const target of ['*', 'http://[bad/api/games', 'ftp://arena.test/api/games']) {
      const answer = await sendRaw(arena.baseUrl, `GET ${target} HTTP/1.1\r\nHost: arena.test\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(400);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(answer.body)).toMatchObject({ type: '/problems/invalid-request', detail: expect.stringContaining('request target') });
    }
  });

  it('answers a request line its parser refuses with a 400 problem, not a bare 400', async () => {
    const answer = await sendRaw(arena.baseUrl, 'GET /api/games HTTP/1.1\r\nHost: arena.test\r\nBad Header: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.closed).toBe(true);
  });

  it('lets the core answer a long query with its own problem, not a bare 431', async () => {
    const answer = await get(`/api/games/triad-duel/verify?receiptToken=${'a'.repeat(20_000)}`);
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('application/problem+json');
  });
});

/** Finding: one chunked body over the limit, sent to a freshly started server, ended the process. */
describe('the Node adapter under bodies it stops reading', () => {
  let arena: RunningArena;
  beforeAll(async () => {
    arena = await startArena('node', {});
  });
  afterAll(async () => arena?.stop());

  /** 40000 bytes in 100-byte chunks: Node has more chunks queued when the core cancels at 16384. */
  function chunkedOverLimit(): string {
    const piece = `64\r\n${'x'.repeat(100)}\r\n`;
    return `POST /api/games/packet-run/submit HTTP/1.1\r\nHost: arena.test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${piece.repeat(400)}0\r\n\r\n`;
  }

  it('answers 413 and keeps serving, fresh and then under 30 at once', async () => {
    const first = await sendRaw(arena.baseUrl, chunkedOverLimit());
    expect(first.status).toBe(413);
    expect(JSON.parse(first.body)).toMatchObject({ type: '/problems/payload-too-large' });
    const parallel = await Promise.all(Array.from({ length: 30 }, () => sendRaw(arena.baseUrl, chunkedOverLimit())));
    expect(parallel.map((answer) => answer.status)).toEqual(Array(30).fill(413));
    const games = await fetch(`${arena.baseUrl}/api/games`);
    expect(games.status).toBe(200);
  });

  it('writes nothing after an answer given before the body was read, while the client goes on sending', async () => {
    // Node reports the rest of the body as "data after Connection: close"; answering that with
    // a 400 once wrote a second answer into the first one's chunked body.
    const body = Buffer.from(`{"x":"${'A'.repeat(16_374)}"}`);
    const { port } = new URL(arena.baseUrl);
    for (let round = 0; round < 20; round++) {
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = httpRequest({ hostname: '127.0.0.1', port, method: 'DELETE', path: '/api/rules', agent: false }, (response) => {
          let text = '';
          response.on('data', (part) => (text += part));
          response.on('end', () => resolve({ status: response.statusCode!, text }));
        });
        request.on('error', reject);
        for (let offset = 0; offset < body.length; offset += 1000) request.write(body.subarray(offset, offset + 1000));
        request.end();
      });
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.text)).toMatchObject({ type: '/problems/method-not-allowed' });
    }
  });
});

/** The listener's own guarantees, with handlers that fail in each way a bug could. */
describe('the Node request listener', () => {
  let server: Server | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await new Promise((resolve) => server?.close(resolve));
    server?.closeAllConnections();
  });

  async function serving(fetch: FetchHandler): Promise<string> {
    const started = await serve({ fetch, port: 0, hostname: '127.0.0.1' });
    server = started.server;
    return `http://127.0.0.1:${started.port}`;
  }

  it('answers a handler that throws with the core’s 500 problem, logged once on one line, and keeps serving', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const base = await serving(async () => {
      if (calls++ === 0) throw new Error('a bug\nover two lines');
      return new Response('fine');
    });
    const failed = await fetch(`${base}/anything`);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toBe('application/problem+json');
    expect(await failed.json()).toEqual({ type: '/problems/internal-error', title: 'Internal error', status: 500, detail: expect.any(String) });
    expect(errors).toHaveBeenCalledTimes(1);
    const line = String(errors.mock.calls[0]![0]);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toMatchObject({ event: 'failure', level: 'error', what: 'the fetch handler threw', error: { name: 'Error', message: 'a bug over two lines' } });
    expect(await (await fetch(`${base}/anything`)).text()).toBe('fine');
  });

  it('breaks the connection when the answer’s body fails after its head, and keeps serving', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const base = await serving(async () => {
      if (calls++ > 0) return new Response('fine');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('partial'));
        },
        pull(controller) {
          controller.error(new Error('the body broke'));
        },
      });
      return new Response(body);
    });
    // The head may or may not have left before the connection broke; either way no whole answer arrives.
    const broken = await fetch(`${base}/stream`)
      .then((answer) => answer.text())
      .catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(Error);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(await (await fetch(`${base}/stream`)).text()).toBe('fine');
  });

  it('stops reading and cancels an endless answer when its client goes away', async () => {
    let cancelled = false;
    let onCancel: () => void = () => undefined;
    const wasCancelled = new Promise<void>((resolve) => (onCancel = resolve));
    const base = await serving(async () => {
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) =>
          new Promise((resolve) =>
            setTimeout(() => {
              if (!cancelled) controller.enqueue(new Uint8Array(1024));
              resolve();
            }, 5),
          ),
        cancel: () => {
          cancelled = true;
          onCancel();
        },
      });
      return new Response(body);
    });
    const abort = new AbortController();
    const answer = await fetch(`${base}/endless`, { signal: abort.signal });
    const reader = answer.body!.getReader();
    await reader.read();
    abort.abort();
    await wasCancelled;
  });

  it('cancels an endless answer whose client went before it was ready (it once ran until the instance stopped)', async () => {
    let clientGone: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (clientGone = resolve));
    let onCancel: () => void = () => undefined;
    const wasCancelled = new Promise<void>((resolve) => (onCancel = resolve));
    let pulls = 0;
    const base = await serving(async (request) => {
      request.signal.addEventListener('abort', clientGone);
      await gone;
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) => void (pulls++, controller.enqueue(new Uint8Array(1024))),
        cancel: () => onCancel(),
      });
      return new Response(body);
    });
    const { port } = new URL(base);
    // A POST: Node's adapter gives the request a signal that says when its client went.
    const sent = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/slow', headers: { 'content-length': '0' } });
    sent.on('error', () => undefined).end();
    setTimeout(() => sent.destroy(), 50);
    await wasCancelled;
    expect(pulls).toBeLessThan(2);
  });

  it('survives a client that leaves in the middle of its body', async () => {
    const read = new Promise<unknown>((resolve) => {
      void serving(async (request) => {
        resolve(await request.arrayBuffer().catch((error: unknown) => error));
        return new Response('unreachable');
      }).then((base) => {
        const { port } = new URL(base);
        const sent = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/upload', headers: { 'content-length': '1000' } });
        sent.on('error', () => undefined);
        sent.write('x'.repeat(10));
        setTimeout(() => sent.destroy(), 50);
      });
    });
    expect(await read).toBeInstanceOf(Error);
  });

  it('holds no chunk of a streamed answer once it is written, however long the answer (it once held them all until the connection closed)', async () => {
    // A garbage collector to call: the one V8 has, exposed for this test.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const written = new Set<WeakRef<Uint8Array>>();
    const CHUNKS = 2000;
    let sent = 0;
    const base = await serving(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              if (sent++ === CHUNKS) return controller.close();
              const chunk = new Uint8Array(64 * 1024).fill(65);
              written.add(new WeakRef(chunk));
              controller.enqueue(chunk);
            },
          }),
        ),
    );
    const answer = await fetch(`${base}/long`);
    const reader = answer.body!.getReader();
    let read = 0;
    // Most of the answer read, the connection still open: the chunks behind us must be collectable.
    while (read < (CHUNKS * 64 * 1024 * 3) / 4) read += (await reader.read()).value!.byteLength;
    for (let round = 0; round < 3; round++) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const held = [...written].filter((ref) => ref.deref() !== undefined).length;
    expect(held).toBeLessThan(CHUNKS / 4);
    await reader.cancel();
  });
});
