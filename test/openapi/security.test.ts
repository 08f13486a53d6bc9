/**
 * Every operation's description agrees with the security it declares, and both with what the
 * arena does without a credential: an operation that declares none is never answered 401
 * (neither in a call of its own nor anywhere in a script that answers every route), and one that
 * declares one does not say none is needed, and without it is answered 401.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import { freshKey } from '../support/fixtures/league.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';
import { exerciseEveryRoute, type Exchange } from './every-route.ts';
import type { OpenApiDocument, Operation } from './published.ts';

const METHODS = ['get', 'post', 'put', 'delete'] as const;
/** What a description says when it says no credential is needed. */
const CLAIMS_NONE_NEEDED = /no credential|open to anyone/i;

let document: OpenApiDocument;
let exchanges: Exchange[];
/** Each MCP tool's description, by the operation it answers (`GET /api/social/topics/{id}`). */
let toolDescriptions: Map<string, string>;
/** One call without any credential, as a client that sends none would make it. */
let bare: (method: string, path: string) => Promise<number>;

beforeAll(async () => {
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore(), operatorToken: `operator-${'o'.repeat(40)}` });
  document = await (await arena.fetch(new Request('http://arena.test/openapi.json'))).json();
  bare = async (method, path) => {
    const url = `http://arena.test${path.replace(/\{\w+\}/g, 'x')}`;
    const writes = method !== 'get';
    const answer = await arena.fetch(
      new Request(url, { method: method.toUpperCase(), ...(writes ? { body: '{}', headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() } } : {}) }),
    );
    // Not read: an event stream never ends.
    await answer.body?.cancel();
    return answer.status;
  };
  const listed = await arena.fetch(
    new Request('http://arena.test/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    }),
  );
  const { tools } = (await listed.json()).result as { tools: { description: string }[] };
  toolDescriptions = new Map(tools.map(({ description }) => [/Answers what (\S+ \S+) answers/.exec(description)![1]!.replace(/:(\w+)/g, '{$1}'), description]));
  exchanges = await exerciseEveryRoute();
}, 60_000);

function everyOperation(): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [[method, path, item[method]!] as [string, string, Operation]] : [])),
  );
}

describe('what each operation says it needs', () => {
  it('is nothing, for an operation that declares no security: it is never answered 401 without a credential', async () => {
    const open = everyOperation().filter(([, , operation]) => (operation.security ?? []).length === 0);
    expect(open.length).toBeGreaterThan(50);
    expect(toolDescriptions.size).toBeGreaterThan(30);
    for (const [method, path, operation] of open) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(operation.description, name).toMatch(CLAIMS_NONE_NEEDED);
      if (toolDescriptions.has(name)) expect(toolDescriptions.get(name), name).toMatch(CLAIMS_NONE_NEEDED);
      expect(await bare(method, path), name).not.toBe(401);
      const uncredentialed = exchanges.filter((exchange) => exchange.method === method.toUpperCase() && exchange.path === path && !exchange.credential);
      for (const exchange of uncredentialed) expect(exchange.status, name).not.toBe(401);
    }
  });

  it('is a credential, for an operation that declares one: its description says so, and without one it is answered 401', async () => {
    const secured = everyOperation().filter(([, , operation]) => (operation.security ?? []).length > 0);
    expect(secured.map(([method, path]) => `${method.toUpperCase()} ${path}`)).toContain('GET /api/social/eligibility/verify');
    for (const [method, path, operation] of secured) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(operation.description, name).not.toMatch(CLAIMS_NONE_NEEDED);
      if (toolDescriptions.has(name)) expect(toolDescriptions.get(name), name).not.toMatch(CLAIMS_NONE_NEEDED);
      expect(await bare(method, path), name).toBe(401);
    }
  });
});
