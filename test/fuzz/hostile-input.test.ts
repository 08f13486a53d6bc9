import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import type { Route } from '../../core/http/route.ts';
import { joinedAgent } from '../support/agents.ts';
import { testArena } from '../support/arena-context.ts';
import { client } from '../support/http.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

/** One request as sent on the wire: nothing about it need be valid. */
interface Hostile {
  method: string;
  target: string;
  headers: Record<string, string>;
  /** Sent with Content-Length; `chunks`, chunked with none. */
  body?: Buffer;
  chunks?: Buffer[];
}

interface Answer {
  status: number;
  type: string;
  body: string;
}

const LIMIT = 16_384;
const IMPLEMENTED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);

// Values that break types, bounds, encodings and parsers.
const oddText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '\ud800', '\udfff', 'ｕｒｕ', 'UURR\u200b', '%', '%ZZ', '%E0%A4%A', '%FF', '..', '../..', '<script>', "'; DROP TABLE agents; --", 'arena_'.padEnd(49, 'A')),
  fc.integer({ min: 1, max: 30_000 }).map((n) => 'x'.repeat(n)),
);
const deepJson = fc.integer({ min: 20, max: 5000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.object({ maxDepth: 3 }), fc.array(oddText, { maxLength: 30 }));

/** A body of some JSON shape, maybe of the route's fields with wrong values, or not JSON at all. */
function bodies(fields: string[]): fc.Arbitrary<Buffer | undefined> {
  const ofFields = fields.length === 0 ? fc.object() : fc.dictionary(fc.constantFrom(...fields), fc.oneof(jsonValue, oddText), { maxKeys: fields.length });
  return fc.oneof(
    fc.constant(undefined),
    ofFields.map((value) => Buffer.from(JSON.stringify(value))),
    jsonValue.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
    deepJson.map((deep) => Buffer.from(`{"${fields[0] ?? 'x'}":${deep}}`)),
    oddText.map((text) => Buffer.from(text)),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), Buffer.from('{"a":"\\ud800"}'), Buffer.from('{"a":1,"a":2}'), Buffer.from('{'.repeat(3))),
    fc.integer({ min: LIMIT - 10, max: LIMIT * 3 }).map((size) => Buffer.from(`{"${fields[0] ?? 'x'}":"${'A'.repeat(size)}"}`)),
  );
}

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate as U+FFFD's bytes, as Node would send it). */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** Fills `:params` with odd (percent-encoded) segments. */
function targets(route: Route, queryFields: string[]): fc.Arbitrary<string> {
  const segment = fc.oneof(fc.constantFrom('1', '0', '-1', '99999999999999999999', 'att_x', 'top_x', 'packet-run', 'not-found'), oddText.map(percentEncoded), fc.constantFrom('%ZZ', '%FF', '%2e%2e', '%00'));
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const path = fc.tuple(...names.map(() => segment)).map((values) => names.reduce((path, name, i) => path.replace(`:${name}`, values[i]!), route.path));
  // Values percent-encoded byte by byte, or malformed percent-encoding sent as it is.
  const value = fc.oneof(oddText.map(percentEncoded), fc.constantFrom('%ZZ', '%FF', '%E0%A4%A', '%', '%%'));
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...(queryFields.length ? queryFields : ['x'])), fc.string({ maxLength: 8 })).map(percentEncoded), value);
  const query = fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`));
  return fc.tuple(path, query).map(([p, q]) => `${p}${q}`);
}

const contentTypes = fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-8', 'application/problem+json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', '*/*', 'application/a2a+json');
/** Credentials: none, malformed, unknown, and (so hostile bodies reach the writes behind them) real ones. */
const credentials = { agentKey: '', operatorToken: `operator-${encodeBase64Url(randomSeed())}` };
const bearers = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', `Bearer arena_${'A'.repeat(43)}`, 'Bearer eyJhbGciOiJub25lIn0.e30.', 'bearer x y'),
  oddText.map((text) => `Bearer ${text.replace(/[^\x21-\x7e]/g, '')}`),
  fc.constantFrom('agent', 'operator').map((who) => `Bearer ${who === 'agent' ? credentials.agentKey : credentials.operatorToken}`),
);
const keys = fc.oneof(fc.constant(undefined), fc.constantFrom('', ' ', 'k', 'x'.repeat(256), 'key with spaces'), fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 255 }));
const accepts = fc.constantFrom(undefined, 'application/json', 'text/html', 'application/json, text/event-stream', '*/*;q=0', 'text/csv');
const methods = (route: Route) => fc.oneof({ weight: 6, arbitrary: fc.constant(route.method) }, fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'FOO'));

function hostileFor(route: Route): fc.Arbitrary<Hostile> {
  const queryFields = objectFields(route.query);
  const bodyFields = objectFields(route.body);
  return fc
    .record({
      method: methods(route),
      target: targets(route, queryFields),
      type: contentTypes,
      bearer: bearers,
      key: keys,
      accept: accepts,
      body: bodies(bodyFields),
      chunked: fc.boolean(),
    })
    .map(({ method, target, type, bearer, key, accept, body, chunked }) => {
      const headers: Record<string, string> = {};
      if (type) headers['content-type'] = type;
      if (bearer) headers.authorization = bearer;
      if (key !== undefined) headers['idempotency-key'] = key;
      if (accept) headers.accept = accept;
      const withBody = method !== 'GET' && method !== 'HEAD' && body !== undefined;
      if (!withBody) return { method, target, headers };
      return chunked ? { method, target, headers, chunks: split(body) } : { method, target, headers, body };
    });
}

/** The body in chunks of 1000 bytes; none for an empty body (an empty chunk would end the body early). */
function split(body: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < body.length; offset += 1000) chunks.push(body.subarray(offset, offset + 1000));
  return chunks;
}

/** The field names of an object schema (a wrapped or piped one included), for bodies and queries worth sending. */
function objectFields(schema: v.GenericSchema | undefined): string[] {
  let current: any = schema;
  for (let i = 0; current && i < 5; i++) {
    if (current.entries) return Object.keys(current.entries);
    current = current.wrapped ?? current.pipe?.[0] ?? current.options?.[0];
    if (current === schema) break;
  }
  return [];
}

/** Sends the request as it is, on a connection of its own, headers and bytes unchecked by any client library. */
function send(baseUrl: string, hostile: Hostile): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const options = { hostname, port, method: hostile.method, path: hostile.target, headers: hostile.headers, insecureHTTPParser: true, agent: false };
    const request = httpRequest(options, (response) => {
      const type = String(response.headers['content-type'] ?? '');
      // An open event stream never ends: its status and first message are its answer.
      if (response.statusCode === 200 && /^(text\/event-stream|application\/x-ndjson)/.test(type) && hostile.target.startsWith('/api/events')) {
        response.once('data', (part: Buffer) => {
          response.destroy();
          resolve({ status: 200, type, body: part.toString('utf8') });
        });
        response.once('end', () => resolve({ status: 200, type, body: '' }));
        return;
      }
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode!, type: String(response.headers['content-type'] ?? ''), body: Buffer.concat(parts).toString('utf8') }));
      response.on('error', reject);
    });
    // A server that closes the connection after a 413 may reset it while the body still goes out.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve({ status: 413, type: 'reset', body: '' }) : reject(error)));
    if (hostile.chunks) {
      for (const chunk of hostile.chunks) request.write(chunk);
    } else if (hostile.body) {
      request.setHeader('content-length', hostile.body.length);
      request.write(hostile.body);
    }
    request.end();
  });
}

/** About how many bytes the request head takes on the wire. */
function headBytes(hostile: Hostile): number {
  return hostile.target.length + Object.entries(hostile.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 100);
}

/**
 * The statuses the routes at a path answer in their own protocol's shape (MCP's JSON-RPC
 * errors, A2A's), not as problems: any route at the path, since a request may use another
 * method than the route it was made from.
 */
function protocolStatuses(routes: readonly Route[], path: string): Set<number> {
  const statuses = new Set<number>();
  for (const route of routes.filter((other) => other.path === path)) {
    for (const answer of route.responds?.others ?? []) statuses.add(answer.status);
    if (route.responds?.status !== undefined) statuses.add(route.responds.status);
  }
  return statuses;
}

/**
 * Hostile input to every route of the route table, over HTTP to a real Node server: wrong types,
 * huge and deep values, odd Unicode, bytes that are not UTF-8, wrong content types and
 * credentials, odd methods, bodies past the limit, chunked ones too. No answer may be a 5xx,
 * every 4xx is a problem document (or the route's own protocol's answer), the server keeps
 * serving, and nothing is stored.
 */
describe('hostile input to every route, on Node', () => {
  let arena: RunningArena | undefined;
  let routes: readonly Route[] = [];
  beforeAll(async () => {
    routes = (await testArena()).routes;
    arena = await startArena('node', { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_OPERATOR_TOKEN: credentials.operatorToken });
    credentials.agentKey = (await joinedAgent(() => arena!.baseUrl, 'fuzzed')).key;
  });
  afterAll(async () => arena?.stop());

  it('never answers 5xx, answers every 4xx as a problem (or in its protocol), and stores nothing it refused', async () => {
    const api = client(() => arena!.baseUrl);
    const before = (await api.get('/api/stats')).body;
    let accepted = 0;
    // Shown by its index, so a counterexample prints the request, not the route's schemas.
    const byRoute = fc.nat({ max: routes.length - 1 }).chain((index) => hostileFor(routes[index]!).map((hostile) => ({ index, hostile })));
    await fc.assert(
      fc.asyncProperty(byRoute, async ({ index, hostile }) => {
        const route = routes[index]!;
        const answer = await send(arena!.baseUrl, hostile);
        // With a real credential a generated body is now and then a valid write (`{}` joins the Clubhouse).
        if (route.durable && answer.status < 300) accepted++;
        const where = `${hostile.method} ${hostile.target.slice(0, 120)} → ${answer.status} ${answer.type} ${answer.body.slice(0, 200)}`;
        // 501 is the answer to a method no path takes (TRACE, PATCH, FOO), a refusal and no failure.
        if (answer.status === 501) expect(IMPLEMENTED.has(hostile.method), where).toBe(false);
        else expect(answer.status, where).toBeLessThan(500);
        // Node's own bare 431 for a head past 64 KiB, before any request exists (docs/PROTOCOL.md).
        if (answer.status === 431) expect(headBytes(hostile), where).toBeGreaterThan(65_536);
        else if (answer.status >= 400 && answer.type !== 'reset' && hostile.method !== 'HEAD' && !protocolStatuses(routes, route.path).has(answer.status)) {
          expect(answer.type, where).toBe('application/problem+json');
          expect(JSON.parse(answer.body), where).toMatchObject({ status: answer.status, type: expect.stringMatching(/^\/problems\//) });
        }
      }),
      { numRuns: 1000 },
    );
    expect((await api.get('/api/games/packet-run/play?actions=UURR')).status).toBe(200);
    if (accepted === 0) expect((await api.get('/api/stats')).body).toEqual({ ...before, generatedAt: expect.any(String) });
  }, 300_000);
});
