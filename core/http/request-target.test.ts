import { describe, expect, it } from 'vitest';
import { HttpError } from './problem.ts';
import { isHostName, rememberingHostCheck, requestTarget } from './request-target.ts';

/** A request as a runtime hands it over: its URL as the runtime built it, its Host header as sent. */
function arrived(url: string, host?: string): Request {
  // Some runtimes hand over a bare path when they cannot form a URL; `Request` would refuse one.
  const request = new Request('http://arena.test/', host === undefined ? {} : { headers: { host } });
  return Object.defineProperty(request, 'url', { value: url });
}

const detailOf = (result: URL | HttpError) => (result instanceof HttpError ? result.detail : `parsed ${result.href}`);

describe('requestTarget', () => {
  it('reads a well-formed URL, with or without a Host header', () => {
    expect(requestTarget(arrived('http://arena.test/api/games?x=%C3%A9')).toString()).toBe('http://arena.test/api/games?x=%C3%A9');
    expect(requestTarget(arrived('http://arena.test:8080/api/games', 'arena.test:8080'))).toBeInstanceOf(URL);
    expect(requestTarget(arrived('http://[::1]:8080/', '[::1]:8080'))).toBeInstanceOf(URL);
  });

  it('refuses a URL the runtime could not form', () => {
    expect(detailOf(requestTarget(arrived('/api/games')))).toContain('request URL');
    expect(detailOf(requestTarget(arrived('http://a b c/api/games')))).toContain('request URL');
  });

  it('remembers only the last Host it checked, and answers each as the plain check does', () => {
    const isHost = rememberingHostCheck();
    for (const host of ['arena.test', 'arena.test', 'a b c', 'a b c', 'arena.test:8080', '999.1.1.1', 'arena.test']) {
      expect(isHost(host), host).toBe(isHostName(host));
      expect(detailOf(requestTarget(arrived('http://arena.test/', host), isHost)), host).toBe(detailOf(requestTarget(arrived('http://arena.test/', host))));
    }
  });

  it('refuses a Host header that is more or less than a host and port', () => {
    for (const host of ['a b c', 'arena.test/elsewhere', 'user@arena.test', 'arena.test?x', '[::1', 'arena.test:99999', '']) {
      expect(detailOf(requestTarget(arrived('http://arena.test/', host))), host).toContain('Host header');
    }
  });

  it('refuses percent-encoding that is malformed or not UTF-8, in the path and in the query', () => {
    for (const path of ['/%ZZ', '/a%E0%A4%A', '/%FF', '/%']) expect(detailOf(requestTarget(arrived(`http://arena.test${path}`))), path).toContain('path');
    for (const query of ['?x=%ZZ', '?x=%E0%A4%A', '?%FF', '?x=100%']) expect(detailOf(requestTarget(arrived(`http://arena.test/${query}`))), query).toContain('query');
  });

  it('answers each refusal as a 400 invalid-request', () => {
    const refused = requestTarget(arrived('http://arena.test/%ZZ'));
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ slug: 'invalid-request', status: 400 });
  });
});
