import { describe, expect, it } from 'vitest';
import { lightRequest } from './light-request.ts';

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
