import { expect } from 'vitest';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
  /** The base path of the arena that answered (`''` at the root), which its problem types are under. */
  basePath?: string;
}

/** The path part of a base URL (`http://host/arena` → `/arena`), `''` at the root. */
const basePathOf = (baseUrl: string) => new URL(baseUrl).pathname.replace(/\/$/, '');

/**
 * A tiny client for the arena's JSON API, keeping status, headers and parsed body together.
 * `baseUrl` is the arena's origin and base path; each request names a path under it.
 */
export function client(baseUrl: () => string) {
  async function send(path: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${baseUrl()}${path}`, init);
    const text = await response.text();
    let body: unknown;
    if (text !== '' && /(^|[/+])json\b/.test(response.headers.get('content-type') ?? '')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body, text, basePath: basePathOf(baseUrl()) };
  }
  return {
    send,
    get: (path: string, headers: Record<string, string> = {}) => send(path, { headers }),
    postJson: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
    put: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send(path, { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
  };
}

/** Asserts an RFC 9457 problem document with this status (and problem slug, when given), its type under the arena's base path. */
export function expectProblem(answer: Answer, status: number, slug?: string): void {
  const problems = `${answer.basePath ?? ''}/problems/`;
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expect(answer.body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String), type: expect.stringMatching(new RegExp(`^${problems}`)) });
  if (slug) expect(answer.body.type).toBe(`${problems}${slug}`);
}

/**
 * Every item of a paged listing, walked `limit` at a time by its `next` cursor: the items under
 * `key`, and how many pages it took. Each page must be a 200.
 */
export async function walkPages(api: ReturnType<typeof client>, path: string, key: string, limit: number): Promise<{ items: any[]; pages: number }> {
  const items: any[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: Answer = await api.get(`${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status, page.text).toBe(200);
    items.push(...page.body[key]);
    pages++;
    cursor = page.body.next;
  } while (cursor);
  return { items, pages };
}
