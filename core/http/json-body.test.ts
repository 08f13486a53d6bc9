import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, readJsonBody } from './json-body.ts';
import { HttpError } from './problem.ts';

/** A request whose body never ends, counting how many bytes the reader pulled. */
function endlessRequest(chunkSize: number) {
  const counter = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counter.pulled += chunkSize;
        controller.enqueue(new Uint8Array(chunkSize).fill(0x20));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://arena.test/', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
  return { request, counter };
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('readJsonBody', () => {
  it.each([1, 1000, 4096, 16_384, 65_536])('stops reading an endless body at the limit (%i-byte chunks) and cancels it', async (size) => {
    const { request, counter } = endlessRequest(size);
    expect((await failure(readJsonBody(request))).status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + size);
    expect(counter.cancelled).toBe(true);
  });

  it('refuses a declared oversize body without reading any of it', async () => {
    const { request, counter } = endlessRequest(1024);
    const declared = new Request(request, { headers: { 'content-type': 'application/json', 'content-length': '16385' } });
    expect((await failure(readJsonBody(declared))).status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(1024);
  });

  it('reads a body of exactly the limit', async () => {
    const text = `[${' '.repeat(MAX_BODY_BYTES - 2)}]`;
    const request = new Request('http://arena.test/', { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
    await expect(readJsonBody(request)).resolves.toEqual([]);
  });

  it('reads a body of declared length whole, not through its stream', async () => {
    const request = new Request('http://arena.test/', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', 'content-length': '7' } });
    let streamed = false;
    Object.defineProperty(request, 'body', { get: () => ((streamed = true), null) });
    await expect(readJsonBody(request)).resolves.toEqual({ a: 1 });
    expect(streamed).toBe(false);
  });

  it('reads a body through its stream when a transfer coding overrides its declared length', async () => {
    const headers = { 'content-type': 'application/json', 'content-length': '7', 'transfer-encoding': 'chunked' };
    const request = new Request('http://arena.test/', { method: 'POST', body: '{"a":1}', headers });
    let streamed = false;
    const body = request.body;
    Object.defineProperty(request, 'body', { get: () => ((streamed = true), body) });
    await expect(readJsonBody(request)).resolves.toEqual({ a: 1 });
    expect(streamed).toBe(true);
  });

  it('refuses a body made in process longer than the limit, whatever length it declares', async () => {
    const text = `[${' '.repeat(MAX_BODY_BYTES)}]`;
    const request = new Request('http://arena.test/', { method: 'POST', body: text, headers: { 'content-type': 'application/json', 'content-length': '2' } });
    expect((await failure(readJsonBody(request))).status).toBe(413);
  });

  it('accepts JSON media types with parameters and +json suffixes, and nothing else', async () => {
    const post = (type: string) => new Request('http://arena.test/', { method: 'POST', body: '{}', headers: { 'content-type': type } });
    await expect(readJsonBody(post('application/json; charset=utf-8'))).resolves.toEqual({});
    await expect(readJsonBody(post('application/merge-patch+json'))).resolves.toEqual({});
    for (const type of ['text/json', 'text/plain', 'application/jsonx', 'multipart/form-data']) {
      expect((await failure(readJsonBody(post(type)))).status).toBe(415);
    }
  });
});
