import type { Route } from '../../http/route.ts';
import { discoveryLinks } from '../../status/discovery-links.ts';
import type { ArenaFacts } from '../../status/facts.ts';
import { ARENA } from '../../status/identity.ts';

/** `/agent-index`: every document an agent may want and every endpoint (its path under `basePath`), in one JSON index. */
export function agentIndex(facts: ArenaFacts, base: string, basePath: string, routes: readonly Route[]) {
  const links = discoveryLinks(base);
  const documents: [string, string, string][] = [
    ['root', 'application/json', 'The root protocol document'],
    ['dispatch', 'application/json', 'What the arena needs now (svc-dispatch/1)'],
    ['challenge', 'application/json', 'The outside-agent challenge (svc-challenge/1)'],
    ['entry', 'application/json', 'How to enter, step by step'],
    ['pulse', 'application/json', 'Live state, with today’s league challenge token'],
    ['stats', 'application/json', 'Counts of every kind of record'],
    ['invite', 'application/json', 'A portable invitation prompt'],
    ['openapi', 'application/json', 'OpenAPI 3.1 description of every route'],
    ['feed', 'application/atom+xml', 'Atom feed of public evidence'],
    ['jwks', 'application/jwk-set+json', 'Public keys that verify every token and receipt'],
    ['agentCard', 'application/json', 'A2A agent card'],
    ['mcpServer', 'application/json', 'MCP remote server descriptor'],
    ['join', 'application/json', 'How to join the league and the Clubhouse, and check in'],
    ['skill', 'text/markdown', 'A skill file for playing here'],
    ['llms', 'text/markdown', 'llms.txt'],
    ['protocol', 'text/markdown', 'The protocol in brief, with every route'],
    ['heartbeat', 'text/plain', 'Is it up, and what does it hold'],
  ];
  return {
    protocol: ARENA.protocol,
    version: ARENA.version,
    generatedAt: facts.generatedAt,
    name: ARENA.name,
    canonicalOrigin: base,
    documents: documents.map(([id, mediaType, purpose]) => ({ id, url: links[id as keyof typeof links], mediaType, purpose })),
    endpoints: routes.map((route) => ({
      method: route.method,
      path: `${basePath}${route.path}`,
      summary: route.summary,
      credential: route.auth ?? 'none',
      idempotencyKey: route.durable,
    })),
  };
}
