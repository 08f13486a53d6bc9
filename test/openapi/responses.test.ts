import { beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../core/http/route.ts';
import { testArena } from '../support/arena-context.ts';
import { exerciseEveryRoute, type Exchange } from './every-route.ts';
import { publishedDocument, responseValidator, type OpenApiDocument } from './published.ts';

/**
 * The published response schemas against what the routes really answer: every JSON answer is
 * described member by member, and every answer a scripted session gets validates against its
 * published schema.
 */

type Schema = Record<string, any>;

const openApiPath = (path: string) => path.replace(/\/:(\w+)(?=\/|$)/g, '/{$1}');
const isJson = (type: string) => /[/+]json$/.test(type);

/** The spec 2.11 status documents: exactly these top-level fields. */
const STATUS_DOCUMENTS: Record<string, string[]> = {
  '/api': ['protocol', 'version', 'canonicalOrigin', 'name', 'state', 'founded', 'purpose', 'truth', 'discovery', 'interaction', 'liveGames', 'rules', 'signals', 'generatedAt'],
  '/api/dispatch': ['protocol', 'version', 'generatedAt', 'name', 'purpose', 'currentNeed', 'liveState', 'lanes', 'carryPrompt', 'discovery', 'truth'],
  '/api/challenge': [
    'protocol',
    'version',
    'generatedAt',
    'canonicalOrigin',
    'title',
    'state',
    'share',
    'arenaTruth',
    'target',
    'firstCalls',
    'remoteTools',
    'proofOfRealParticipation',
    'publicPrompt',
    'discovery',
    'truth',
  ],
};

let document: OpenApiDocument;
let routes: readonly Route[];
let exchanges: Exchange[];
let validatorFor: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  ({ document } = await publishedDocument());
  validatorFor = responseValidator(document);
  routes = (await testArena()).routes;
  exchanges = await exerciseEveryRoute();
});

/** A schema with its reference into the document followed. */
function resolved(schema: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const parts = schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .map((part: string) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  return resolved(parts.reduce((node: Schema, part: string) => node[part], document as Schema));
}

/** Whether a route's own answer is JSON (in at least one of its media types). */
const answersJson = (route: Route) => [route.responds?.type ?? 'application/json'].flat().some(isJson);

/** Every JSON answer a route describes as its own (success or protocol answer): [label, schema]. */
function describedJsonAnswers(route: Route): [string, Schema][] {
  const operation = document.paths[openApiPath(route.path)]![route.method.toLowerCase()]!;
  const own = [String(route.responds?.status ?? 200), ...(route.responds?.others ?? []).map((answer) => String(answer.status))];
  return own.flatMap((status) =>
    Object.entries((operation.responses[status]?.content ?? {}) as Record<string, { schema: Schema }>)
      .filter(([type]) => isJson(type))
      .map(([type, { schema }]) => [`${route.method} ${route.path} ${status} ${type}`, schema] as [string, Schema]),
  );
}

/** Object schemas that say nothing about their members, anywhere in `schema`. */
function bareObjects(schema: unknown, where: string, seen = new Set<unknown>()): string[] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as Schema;
  const here = node.type === 'object' && Object.keys(node).every((key) => key === 'type' || key === 'description') ? [where] : [];
  const inner = node.$ref ? [resolved(node)] : Object.values(node);
  return [...here, ...inner.flatMap((child) => bareObjects(child, where, seen))];
}

describe('published response schemas', () => {
  it('describe every JSON answer member by member: no bare `{ type: object }`', () => {
    const described = routes.flatMap(describedJsonAnswers);
    expect(described.length).toBeGreaterThan(55);
    for (const [where, schema] of described) {
      const root = resolved(schema);
      expect(root.type, where).toBe('object');
      expect(Object.keys(root.properties ?? {}).length, where).toBeGreaterThan(0);
    }
    expect(described.flatMap(([where, schema]) => bareObjects(schema, where))).toEqual([]);
  });

  it('keep text answers (HTML, Markdown, plain text, Atom) as strings', () => {
    for (const route of routes) {
      const content = document.paths[openApiPath(route.path)]![route.method.toLowerCase()]!.responses[String(route.responds?.status ?? 200)]!.content as Record<
        string,
        { schema: Schema }
      >;
      for (const [type, { schema }] of Object.entries(content)) if (!isJson(type)) expect(schema, `${route.path} ${type}`).toEqual({ type: 'string' });
    }
    expect(document.paths['/']!.get!.responses['200']!.content).toMatchObject({ 'text/html': { schema: { type: 'string' } } });
  });

  it('give the spec 2.11 status documents exactly their listed top-level fields', () => {
    for (const [path, fields] of Object.entries(STATUS_DOCUMENTS)) {
      const schema = resolved((document.paths[path]!.get!.responses['200']!.content as Record<string, { schema: Schema }>)['application/json']!.schema);
      expect(schema.additionalProperties, path).toBe(false);
      expect(Object.keys(schema.properties).sort(), path).toEqual([...fields].sort());
      expect([...schema.required].sort(), path).toEqual([...fields].sort());
    }
  });

  it('describe the bodies MCP and A2A read themselves', () => {
    const named = (schema: Schema) => document.components.schemas![String(schema.$ref).replace('#/components/schemas/', '')] as Schema;
    expect(document.paths['/api/mcp']!.post!.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/CallMcpRequest' });
    const mcp = named(document.paths['/api/mcp']!.post!.requestBody!.content['application/json']!.schema as Schema);
    expect(mcp).toMatchObject({ type: 'object', required: ['jsonrpc', 'method'] });
    expect(Object.keys(mcp.properties)).toEqual(['jsonrpc', 'id', 'method', 'params']);
    const a2a = document.paths['/a2a/v1/message:send']!.post!.requestBody!.content;
    expect(Object.keys(a2a)).toEqual(['application/json', 'application/a2a+json']);
    const send = named(a2a['application/json']!.schema as Schema);
    expect(send).toMatchObject({ type: 'object', required: ['message'] });
    expect(Object.keys(send.properties)).toEqual(['message', 'configuration', 'metadata']);
    expect(send.properties.message.required).toEqual(['messageId', 'role', 'parts']);
  });
});

describe('what the routes answer, against what is published', () => {
  it('reaches every JSON route with its own success', () => {
    const reached = new Set(exchanges.map((exchange) => `${exchange.method} ${exchange.path}`));
    const succeeded = new Set(
      exchanges.filter((exchange) => exchange.type !== 'application/problem+json').map((exchange) => `${exchange.method} ${exchange.path} ${exchange.status}`),
    );
    const jsonRoutes = routes.filter(answersJson);
    expect(jsonRoutes.length).toBeGreaterThan(55);
    for (const route of jsonRoutes) {
      const key = `${route.method} ${openApiPath(route.path)}`;
      expect(reached.has(key), key).toBe(true);
      expect(succeeded.has(`${key} ${route.responds?.status ?? 200}`), `${key} answers its own status`).toBe(true);
    }
    // And each protocol answer MCP and A2A describe.
    for (const route of routes) {
      for (const { status } of route.responds?.others ?? []) expect(succeeded.has(`${route.method} ${openApiPath(route.path)} ${status}`), `${route.path} ${status}`).toBe(true);
    }
  });

  it('every JSON answer validates against its published schema, problems included', () => {
    const invalid: string[] = [];
    for (const { method, path, status, type, body } of exchanges.filter((exchange) => isJson(exchange.type))) {
      const validate = validatorFor(method.toLowerCase(), path, status, type);
      if (!validate(body)) invalid.push(`${method} ${path} ${status}: ${JSON.stringify(validate.errors).slice(0, 400)}`);
    }
    expect(invalid).toEqual([]);
  });

  it('names every top-level member an answer has', () => {
    const unnamed: string[] = [];
    for (const { method, path, status, type, body } of exchanges.filter((exchange) => isJson(exchange.type) && exchange.type !== 'application/problem+json')) {
      const content = document.paths[path]![method.toLowerCase()]!.responses[String(status)]!.content as Record<string, { schema: Schema }>;
      const properties = resolved(content[type]!.schema).properties as Schema;
      for (const member of Object.keys(body as object)) if (!(member in properties)) unnamed.push(`${method} ${path} ${status}: ${member}`);
    }
    expect(unnamed).toEqual([]);
  });

  it('refuses answers that break the published shape', () => {
    const answer = (method: string, path: string, status = 200) => {
      const found = exchanges.find((exchange) => exchange.method === method && exchange.path === path && exchange.status === status);
      if (!found) throw new Error(`no ${method} ${path} ${status} in the session`);
      return structuredClone(found.body) as Record<string, any>;
    };
    const validate = (method: string, path: string, body: unknown, status = 200, type = 'application/json') => validatorFor(method, path, status, type)(body);

    const join = answer('POST', '/api/league/join');
    expect(validate('post', '/api/league/join', join)).toBe(true);
    const { apiKey: _, ...withoutKey } = join;
    expect(validate('post', '/api/league/join', withoutKey)).toBe(false);
    expect(
      validate('post', '/api/league/join', { ...join, attempt: { ...join.attempt, result: { ...join.attempt.result, receipt: { ...join.attempt.result.receipt, checksum: 1 } } } }),
    ).toBe(false);

    const root = answer('GET', '/api');
    expect(validate('get', '/api', { ...root, visitors: 3 })).toBe(false);
    expect(validate('get', '/', (({ signals: _, ...rest }) => rest)(root))).toBe(false);

    const play = answer('GET', '/api/games/packet-run/play');
    expect(validate('get', '/api/games/packet-run/play', { ...play, benchmark: 'PLATINUM' })).toBe(false);
    expect(validate('get', '/api/games/packet-run/play', { ...play, replay: [{ ...play.replay[0], score: '0' }] })).toBe(false);

    const inspect = answer('POST', '/api/games/state-forge/inspect');
    expect(validate('post', '/api/games/state-forge/inspect', { ...inspect, definition: { ...inspect.definition, format: 'state-forge/2' } })).toBe(false);

    const tooLarge = answer('POST', '/api/mcp', 413);
    expect(validate('post', '/api/mcp', (({ error: _, ...rest }) => rest)(tooLarge), 413)).toBe(false);
    const refused = answer('POST', '/a2a/v1/message:send', 415);
    expect(validate('post', '/a2a/v1/message:send', { error: { ...refused.error, code: '415' } }, 415, 'application/a2a+json')).toBe(false);
  });
});
