import { Validator } from '@seriousme/openapi-schema-validator';
import type * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_TYPES } from '../../core/http/problem.ts';
import type { Route } from '../../core/http/route.ts';
import { testArena } from '../support/arena-context.ts';
import { publishedDocument, type OpenApiDocument, type Operation } from './published.ts';
import packageJson from '../../package.json' with { type: 'json' };

const packageVersion = packageJson.version;

// A parameter is a whole segment; `/a2a/v1/message:send` is a literal path.
const openApiPath = (path: string) => path.replace(/\/:(\w+)(?=\/|$)/g, '/{$1}');
const pathParams = (path: string) => [...path.matchAll(/\/:(\w+)(?=\/|$)/g)].map((match) => match[1]);

let document: OpenApiDocument;
let headers: Headers;
let fetchArena: (request: Request) => Promise<Response>;
let routes: readonly Route[];
const operationOf = (route: Route): Operation => document.paths[openApiPath(route.path)]![route.method.toLowerCase()]!;

beforeAll(async () => {
  const published = await publishedDocument();
  ({ document, headers } = published);
  fetchArena = (request) => published.arena.arena.fetch(request);
  routes = (await testArena()).routes;
});

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1.0 document for the origin it was asked at', async () => {
    expect(headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(await new Validator().validate(document)).toEqual({ valid: true });
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Agent Arena', version: packageVersion, 'x-interface-version': '0.6.0' });
    expect(document.info.contact).toEqual({ name: 'The operator of Agent Arena at http://arena.test', url: 'http://arena.test/' });
    expect(document.info.description).toContain(packageVersion);
    expect(document.info.description).toContain('svc-arena/0.1');
    expect(document.servers).toEqual([{ url: 'http://arena.test' }]);
  });

  it('describes every route of the arena, with its method, under its path, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(40);
    const expected = routes.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`).sort();
    const described = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(described.sort()).toEqual(expected);
  });

  it('names every operation once, by the name its route gives it, under its surface', () => {
    const ids = routes.map((route) => operationOf(route).operationId);
    expect(ids).toEqual(routes.map((route) => route.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(?:[A-Z0-9][a-z0-9]*)+$/);
    expect(document.paths['/api/games/packet-run/play']!.get!.operationId).toBe('playPacketRun');
    expect(document.paths['/api/league/join']!.post!.operationId).toBe('joinLeague');
    expect(document.paths['/api/rules/{number}/review']!.put!.operationId).toBe('reviewProposal');

    // One tag per surface, each described, every operation under one of them.
    const tags = document.tags!.map((tag) => tag.name);
    expect(new Set(tags).size).toBe(tags.length);
    expect(tags).toEqual(expect.arrayContaining(['Packet Run', 'Triad Duel', 'State Forge', 'Daily Packet League', 'Clubhouse', 'Rules Desk', 'Arrival Hall', 'MCP', 'A2A']));
    for (const tag of document.tags!) expect(tag.description.length, tag.name).toBeGreaterThan(20);
    for (const route of routes) {
      const operation = operationOf(route);
      expect(operation.tags, `${route.method} ${route.path}`).toHaveLength(1);
      expect(tags).toContain(operation.tags![0]);
      expect(operation.description, `${route.method} ${route.path}`).toMatch(/\.$/);
    }
    expect(operationOf(routes.find((route) => route.operationId === 'submitLeagueAttempt')!).description).toContain('Idempotency-Key');

    // Bodies are named schemas: after the operation, or by a name of their own (a State Forge definition, an A2A task).
    const ref = (schema: unknown) => (schema as { $ref?: string }).$ref;
    expect(ref(document.paths['/api/league/join']!.post!.requestBody!.content['application/json']!.schema)).toBe('#/components/schemas/JoinLeagueRequest');
    expect(ref((document.paths['/api/games/packet-run/play']!.get!.responses['200']!.content as any)['application/json'].schema)).toBe('#/components/schemas/PacketRunResult');
    expect(ref((document.paths['/api/league/submit']!.post!.responses['200']!.content as any)['application/json'].schema)).toBe('#/components/schemas/SubmitLeagueAttemptResponse');
    for (const route of routes) {
      const operation = operationOf(route);
      for (const { schema } of Object.values(operation.requestBody?.content ?? {}))
        expect(ref(schema), `${route.method} ${route.path} request`).toMatch(/^#\/components\/schemas\//);
      const own = operation.responses[String(route.responds?.status ?? 200)]!;
      for (const [type, { schema }] of Object.entries((own.content ?? {}) as Record<string, { schema: unknown }>)) {
        if (/json$/.test(type) && route.responds?.body) expect(ref(schema), `${route.method} ${route.path} answer`).toMatch(/^#\/components\/schemas\//);
      }
    }
  });

  it('takes path and query parameters, Idempotency-Key, a body and credentials exactly as each route does', () => {
    for (const route of routes) {
      const operation = operationOf(route);
      const where = `${route.method} ${route.path}`;
      expect(operation.summary, where).toBe(route.summary);
      const parameters = operation.parameters ?? [];
      const inPath = parameters.filter((parameter) => parameter.in === 'path');
      expect(
        inPath.map((parameter) => parameter.name),
        where,
      ).toEqual(pathParams(route.path));
      for (const parameter of inPath) expect(parameter.required, where).toBe(true);

      const inQuery = parameters.filter((parameter) => parameter.in === 'query');
      const entries = route.query && 'entries' in route.query ? (route.query.entries as Record<string, v.GenericSchema>) : {};
      expect(
        inQuery.map((parameter) => parameter.name),
        where,
      ).toEqual(Object.keys(entries));
      for (const parameter of inQuery) expect(parameter.required, `${where} ${parameter.name}`).toBe(entries[parameter.name]!.type !== 'optional');

      const key = parameters.find((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
      expect(key?.required, where).toBe(route.durable ? true : undefined);

      // A protocol endpoint (MCP, A2A) reads its own body: described, never validated by the router.
      const bodyTypes = route.body ? ['application/json'] : route.protocolBody?.types;
      if (bodyTypes) expect(Object.keys(operation.requestBody?.content ?? {}), where).toEqual(bodyTypes);
      if (bodyTypes) expect(operation.requestBody, where).toMatchObject({ required: true });
      else expect(operation.requestBody, where).toBeUndefined();

      const security = { agent: [{ bearerAuth: [] }], 'optional-agent': [{}, { bearerAuth: [] }], operator: [{ operatorToken: [] }] } as const;
      if (route.auth) expect(operation.security, where).toEqual(security[route.auth]);
      else expect(operation.security, where).toBeDefined();
    }
    expect(document.paths['/api/social/eligibility/verify']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/games']!.get!.security).toEqual([]);
    expect(Object.keys(document.components.securitySchemes!).sort()).toEqual(['bearerAuth', 'operatorToken']);
  });

  it('answers each route’s refusals as problem documents, by status', () => {
    const statuses = (method: string, path: string) => Object.keys(document.paths[path]![method]!.responses);
    // Any request can be refused 400 before it is routed (an unreadable Host, URL or percent-encoding), and any can meet a bug's 500.
    expect(statuses('get', '/api/games')).toEqual(['200', '304', '400', '500']);
    expect(statuses('get', '/api/league/attempts/{id}')).toEqual(['200', '304', '400', '404', '500']);
    expect(statuses('get', '/healthz')).toEqual(['200', '400', '500']);
    expect(statuses('get', '/api/games/packet-run/play')).toEqual(['200', '400', '500']);
    expect(statuses('post', '/api/games/packet-run/submit')).toEqual(['200', '400', '413', '415', '500']);
    expect(statuses('post', '/api/league/submit')).toEqual(['200', '400', '401', '403', '409', '413', '415', '422', '500']);
    expect(statuses('post', '/api/social/topics')).toEqual(['201', '400', '401', '403', '409', '413', '415', '422', '500', '503']);
    expect(statuses('post', '/api/social/topics/{id}/replies')).toEqual(['201', '400', '401', '403', '404', '409', '413', '415', '422', '500', '503']);
    expect(statuses('post', '/api/rules/{number}/status')).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '422', '500', '503']);
    expect(statuses('post', '/api/arrival')).toEqual(['201', '400', '409', '413', '415', '422', '429', '500']);
    expect(statuses('post', '/api/mcp')).toEqual(['200', '202', '400', '406', '413', '415', '500']);
    expect(statuses('post', '/a2a/v1/message:send')).toEqual(['200', '400', '413', '415', '500']);

    const response = (method: string, path: string, status: string) => document.paths[path]![method]!.responses[status]!;
    expect(response('post', '/api/games/state-forge/compile', '400').description).toContain('/problems/audit-failed');
    expect(response('get', '/api/games/triad-duel/reveal', '400').description).toContain('/problems/commitment-mismatch');
    expect(response('get', '/api/games/triad-duel/respond', '400').description).toContain('/problems/invalid-token');
    expect(response('get', '/api/games/triad-duel/invite', '400').description).not.toContain('/problems/invalid-token');
    expect(response('post', '/api/arrival', '429').headers).toHaveProperty('Retry-After');
    expect(response('get', '/api/leaderboard', '200').headers).toHaveProperty('ETag');
    expect(response('get', '/api/leaderboard', '304').headers).toHaveProperty('Cache-Control');
    expect(response('post', '/api/league/submit', '401').headers).toHaveProperty('WWW-Authenticate');
    expect(response('post', '/api/mcp', '202').content).toBeUndefined();
    expect(response('post', '/api/mcp', '413').content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/JsonRpcError' } } });
    expect(response('post', '/a2a/v1/message:send', '415').content).toEqual({ 'application/a2a+json': { schema: { $ref: '#/components/schemas/A2AError' } } });
    for (const route of routes) {
      const own = String(route.responds?.status ?? 200);
      const answer = operationOf(route).responses[own]!;
      expect(answer, `${route.method} ${route.path}`).toBeDefined();
      if (own === '201') expect(answer.headers).toHaveProperty('Location');
      if (route.durable) expect(answer.headers).toHaveProperty('Idempotency-Replayed');
      // Besides its own answer (and a cacheable read's bodiless 304), a route refuses with problems,
      // unless a protocol it serves answers in its own shape.
      const protocolAnswers = [...(route.responds?.others ?? []).map((answer) => String(answer.status)), ...(route.cache ? ['304'] : [])];
      if (route.cache) expect(operationOf(route).responses['304']!.content).toBeUndefined();
      for (const [status, refusal] of Object.entries(operationOf(route).responses)) {
        if (status === '500') expect(refusal).toEqual({ $ref: '#/components/responses/InternalError' });
        else if (status !== own && !protocolAnswers.includes(status))
          expect(refusal.content).toEqual({ 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } });
      }
    }
    expect(Object.keys(document.components.responses!)).toEqual(['InternalError']);
  });

  it('lists every problem type with its URI, and the Problem schema names them', () => {
    const slugs = Object.keys(PROBLEM_TYPES);
    expect(document['x-problem-types'].map((problem) => problem.slug)).toEqual(slugs);
    for (const problem of document['x-problem-types']) {
      expect(problem).toMatchObject({ type: `/problems/${problem.slug}`, status: PROBLEM_TYPES[problem.slug as keyof typeof PROBLEM_TYPES].status });
    }
    const problem = document.components.schemas!.Problem;
    expect(problem.required).toEqual(['type', 'title', 'status', 'detail']);
    expect(problem.properties.type.enum).toEqual(slugs.map((slug) => `/problems/${slug}`));
    expect(Object.keys(problem.properties)).toEqual(['type', 'title', 'status', 'detail', 'instance', 'errors']);
  });

  it('gives the status and media type each GET route answers with', async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const route of routes) {
      const operation = operationOf(route);
      const needsCredential = (operation.security ?? []).length > 0 && !operation.security!.some((option) => Object.keys(option).length === 0);
      const needsInput = needsCredential || pathParams(route.path).length > 0 || (operation.parameters ?? []).some((parameter) => parameter.required);
      if (route.method !== 'GET' || needsInput) continue;
      const answer = await fetchArena(new Request(`http://arena.test${route.path}`));
      await answer.body?.cancel();
      // The route's own answer is the one response that is not a problem document.
      const [status, own] = Object.entries(operation.responses).find(([, response]) => !response.content?.['application/problem+json'])!;
      const type = answer.headers.get('content-type')!.split(';')[0]!.trim();
      const types = Object.keys(own.content ?? {});
      if (String(answer.status) !== status || !types.includes(type)) {
        wrong.push(`GET ${route.path} answers ${answer.status} ${type}, described as ${status} ${types.join(' or ')}: give the route \`responds\``);
      }
      checked.push(route.path);
    }
    expect(wrong).toEqual([]);
    expect(checked).toEqual(expect.arrayContaining(['/', '/duel', '/.well-known/jwks.json', '/feed.xml', '/llms.txt', '/heartbeat.txt', '/openapi.json']));
    const page = await fetchArena(new Request('http://arena.test/', { headers: { accept: 'text/html' } }));
    expect(Object.keys(document.paths['/']!.get!.responses['200']!.content!)).toContain(page.headers.get('content-type')!.split(';')[0]);
  });
});
