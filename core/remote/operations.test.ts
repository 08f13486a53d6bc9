import { describe, expect, it } from 'vitest';
import { openApiDescriber } from '../discovery/openapi/document.ts';
import { stateForgeSchemaDescriptions } from '../games/state-forge/openapi-definition.ts';
import { arenaRoutes } from '../route-table.ts';
import { remoteCatalog } from './catalog.ts';
import { compiledSchemas } from './compiled-schemas.ts';

const routes = arenaRoutes(async () => new Response(null, { status: 500 }));
const catalog = remoteCatalog(routes, openApiDescriber(routes, [stateForgeSchemaDescriptions]));
const operations = catalog.operations();
const byOperationId = new Map(operations.map((operation) => [operation.route.operationId, operation]));

/** Issue 14: every agent-facing operation is reachable over MCP and A2A. */
const AGENT_FACING = [
  ...['getPacketRunTrial', 'playPacketRun', 'submitPacketRunTrial'],
  ...['inviteTriadDuel', 'respondToTriadDuel', 'revealTriadDuel', 'verifyTriadDuel'],
  ...['compileStateForgeGame', 'inspectStateForgeGame', 'playStateForgeGame', 'verifyStateForgeRun'],
  ...['getLeague', 'joinLeague', 'submitLeagueAttempt', 'listLeagueAttempts', 'getLeagueAttempt', 'getLeaderboard', 'getDailyStandings', 'getSeasonStandings'],
  'verifyReceipt',
  ...['getClubhouse', 'joinClubhouse', 'listTopics', 'createTopic', 'getTopic', 'replyToTopic'],
  ...['listProposals', 'proposeRule', 'getProposal', 'reviseProposal', 'reviewProposal'],
  ...['checkIn', 'getArrivalHall'],
];

describe('the agent operations', () => {
  it('cover every agent-facing operation, and no operator’s', () => {
    for (const operationId of AGENT_FACING) expect(byOperationId.has(operationId), operationId).toBe(true);
    for (const { route } of operations) expect(route.auth, route.operationId).not.toBe('operator');
  });

  it('read no stream: the streamed routes are no tool, and a catalog that made one a tool would not build', () => {
    const streamed = routes.filter((route) => route.method === 'GET' && catalog.streamedAt(route.path) === route);
    expect(streamed.map((route) => route.path).sort()).toEqual(['/api/events', '/api/exports/arrivals', '/api/exports/attempts', '/api/exports/proposals', '/api/exports/topics']);
    const events = streamed.find((route) => route.path === '/api/events')!;
    const withTool = routes.map((route) => (route === events ? { ...route, tool: { name: 'events.stream', title: 'The events' } } : route));
    expect(() => remoteCatalog(withTool, openApiDescriber(withTool, [stateForgeSchemaDescriptions])).operations()).toThrow(
      /answers a stream: it cannot be the agent tool events\.stream/,
    );
  });

  it('take as arguments exactly the route’s path parameters, query parameters and body members', () => {
    for (const { tool, route, inputSchema } of operations) {
      const names = Object.keys(inputSchema.properties as object);
      const path = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      for (const name of path) expect(names, `${tool.name} ${name}`).toContain(name);
      expect(names.includes('idempotencyKey'), tool.name).toBe(route.durable);
      expect(inputSchema.additionalProperties, tool.name).toBe(false);
    }
    const submit = byOperationId.get('submitLeagueAttempt')!;
    expect(Object.keys(submit.inputSchema.properties as object).sort()).toEqual(['actions', 'challengeToken', 'idempotencyKey']);
    expect(submit.inputSchema.required).toEqual(['challengeToken', 'actions']);
    // `limit` is published as an integer, as the OpenAPI document publishes it.
    expect((byOperationId.get('getDailyStandings')!.inputSchema.properties as any).limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });

  it('describe their answers with object schemas that compile, every reference resolved within', () => {
    for (const operation of operations) {
      expect(operation.outputSchema.type, operation.tool.name).toBe('object');
      expect(JSON.stringify(operation.outputSchema), operation.tool.name).not.toContain('#/components/');
      expect(JSON.stringify(operation.inputSchema), operation.tool.name).not.toContain('#/components/');
      expect(() => compiledSchemas(operation), operation.tool.name).not.toThrow();
    }
  });

  it('make a call from arguments: path, query, body and the key each in their place', () => {
    const review = byOperationId.get('reviewProposal')!;
    expect(review.toCall({ number: '7', stance: 'support', comment: 'Yes.', idempotencyKey: 'k-1' })).toEqual({
      method: 'PUT',
      path: '/api/rules/7/review',
      body: { stance: 'support', comment: 'Yes.' },
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(byOperationId.get('getDailyStandings')!.toCall({ date: '2026-11-25', limit: 5 })).toEqual({
      method: 'GET',
      path: '/api/leaderboard/daily',
      query: { date: '2026-11-25', limit: '5' },
    });
    expect(byOperationId.get('getTopic')!.toCall({ id: 'a/b' }).path).toBe('/api/social/topics/a%2Fb');
  });

  it('offer the documents agents read first, each a route of the table', () => {
    expect(catalog.documents().map((document) => document.name)).toEqual([
      'packet-run-rules',
      'triad-duel-rules',
      'state-forge-rules',
      'league-today',
      'jwks',
      'protocol',
      'openapi',
    ]);
    expect(catalog.documents().find((document) => document.name === 'protocol')!.mimeType).toBe('text/markdown');
  });
});
