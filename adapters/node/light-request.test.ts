import { describe, expect, it } from 'vitest';
import { lightRequest, type BodySource } from './light-request.ts';

const headers = () => new Headers({ host: 'arena.test', 'x-request-id': 'abc' });

describe('lightRequest', () => {
  it('is a Request holding its method, URL and headers as given', () => {
    const given = headers();
    const request = lightRequest('GET', 'http://arena.test/api/games?x=1', given);
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://arena.test/api/games?x=1');
    expect(request.headers).toBe(given);
    expect(request.body).toBeNull();
    expect(request.bodyUsed).toBe(false);
  });

  it("answers everything else as undici's Request would", async () => {
    const request = lightRequest('HEAD', 'http://arena.test/healthz', headers());
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.signal.aborted).toBe(false);
    expect(request.mode).toBe('cors');
    expect(await request.text()).toBe('');
    const copy = request.clone();
    expect(copy.method).toBe('HEAD');
    expect(copy.headers.get('x-request-id')).toBe('abc');
  });

  it('can be copied from its parts, as the core copies a HEAD into a GET', () => {
    const request = lightRequest('HEAD', 'http://arena.test/healthz', headers());
    const routed = new Request(request.url, { method: 'GET', headers: request.headers });
    expect(routed.method).toBe('GET');
    expect(routed.headers.get('host')).toBe('arena.test');
  });
});

/** A body of `text`, counting how often its stream, its bytes and its signal were made. */
function source(text: string, abort = new AbortController()) {
  const made = { streams: 0, bytes: 0, signals: 0 };
  const body: BodySource = {
    stream: () => {
      made.streams++;
      return new Response(text).body!;
    },
    bytes: async () => {
      made.bytes++;
      return new TextEncoder().encode(text);
    },
    signal: () => {
      made.signals++;
      return abort.signal;
    },
  };
  return { body, made, abort };
}

describe('lightRequest with a body', () => {
  it('makes its body stream once, when first asked for, and is used once a reader takes it', async () => {
    const { body, made } = source('{"a":1}');
    const request = lightRequest('POST', 'http://arena.test/api/x', headers(), body);
    expect(made.streams).toBe(0);
    expect(request.bodyUsed).toBe(false);
    expect(request.body).toBe(request.body);
    expect(made.streams).toBe(1);
    const reader = request.body!.getReader();
    expect(request.bodyUsed).toBe(true);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"a":1}');
  });

  it('reads its body whole without making a stream, once', async () => {
    const { body, made } = source('{"c":3}');
    const request = lightRequest('POST', 'http://arena.test/api/x', headers(), body);
    expect(new TextDecoder().decode(await request.arrayBuffer())).toBe('{"c":3}');
    expect(made).toEqual({ streams: 0, bytes: 1, signals: 0 });
    expect(request.bodyUsed).toBe(true);
    await expect(request.arrayBuffer()).rejects.toThrow(TypeError);
    await expect(request.body!.getReader().read()).rejects.toThrow(TypeError);
    expect(made.bytes).toBe(1);
  });

  it('reads its body whole through its stream once the stream is made, and never twice', async () => {
    const { body, made } = source('{"d":4}');
    const request = lightRequest('POST', 'http://arena.test/api/x', headers(), body);
    expect(request.body).not.toBeNull();
    expect(new TextDecoder().decode(await request.arrayBuffer())).toBe('{"d":4}');
    expect(made.streams).toBe(1);
    expect(made.bytes).toBe(0);
    await expect(request.arrayBuffer()).rejects.toThrow(TypeError);
  });

  it("gives the source's signal, made only when asked for", () => {
    const { body, made, abort } = source('');
    const request = lightRequest('POST', 'http://arena.test/api/x', headers(), body);
    expect(made.signals).toBe(0);
    abort.abort();
    expect(request.signal.aborted).toBe(true);
    expect(made.signals).toBe(1);
  });

  it("reads as undici's Request would, through one made over the same body", async () => {
    const request = lightRequest('PUT', 'http://arena.test/api/x', headers(), source('{"b":2}').body);
    expect(await request.json()).toEqual({ b: 2 });
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
  });
});
