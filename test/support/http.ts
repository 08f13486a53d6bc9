import { expect } from 'vitest';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** A tiny client for the arena's JSON API, keeping status, headers and parsed body together. */
export function client(baseUrl: () => string) {
  async function send(path: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${baseUrl()}${path}`, init);
    const text = await response.text();
    let body: unknown = undefined;
    if (text !== '' && /(^|[/+])json\b/.test(response.headers.get('content-type') ?? '')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body, text };
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

/** Asserts an RFC 9457 problem document with this status (and problem slug, when given). */
export function expectProblem(answer: Answer, status: number, slug?: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expect(answer.body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String), type: expect.stringMatching(/^\/problems\//) });
  if (slug) expect(answer.body.type).toBe(`/problems/${slug}`);
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
