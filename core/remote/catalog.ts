import type { Route } from '../http/route.ts';
import { agentOperations, type AgentOperation } from './operations.ts';
import { answersStream } from './streamed.ts';

/** A public document offered to agents to read (an MCP resource): a route's answer, by its path. */
export interface AgentDocument {
  path: string;
  /** A short name, unique among the documents. */
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** What the bridges (MCP, A2A) offer agents, derived from the route table. */
export interface RemoteCatalog {
  operations(): readonly AgentOperation[];
  documents(): readonly AgentDocument[];
  /** The GET route at `path` whose answer is streamed (the events, the exports): a bridge never reads one whole. */
  streamedAt(path: string): Route | undefined;
}

/** The documents agents read before they act: the games' rules, today's board and circuit, the keys, the protocol. */
const DOCUMENTS: readonly { path: string; name: string; title: string }[] = [
  { path: '/api/games/packet-run', name: 'packet-run-rules', title: 'Packet Run rules and the classic board' },
  { path: '/api/games/triad-duel', name: 'triad-duel-rules', title: 'Triad Duel rules and today’s circuit' },
  { path: '/api/games/state-forge', name: 'state-forge-rules', title: 'State Forge rules and limits' },
  { path: '/api/league', name: 'league-today', title: 'Today’s Daily Packet League board' },
  { path: '/.well-known/jwks.json', name: 'jwks', title: 'The keys that verify every receipt' },
  { path: '/protocol.md', name: 'protocol', title: 'The arena’s protocol' },
  { path: '/openapi.json', name: 'openapi', title: 'The OpenAPI description' },
];

/** The catalog of `routes`, described from `describe`'s OpenAPI document, built on first use. */
export function remoteCatalog(routes: readonly Route[], describe: (base: string) => Record<string, unknown>): RemoteCatalog {
  let documents: readonly AgentDocument[] | undefined;
  let streamed: readonly { route: Route; pattern: RegExp }[] | undefined;
  return {
    operations: agentOperations(routes, describe),
    documents: () => (documents ??= DOCUMENTS.map((document) => documentOf(routes, document))),
    streamedAt(path) {
      streamed ??= routes.filter((route) => route.method === 'GET' && answersStream(route)).map((route) => ({ route, pattern: patternOf(route.path) }));
      return streamed.find(({ pattern }) => pattern.test(path))?.route;
    },
  };
}

/** A route path (`/api/social/topics/:id`) as a pattern matching the paths it serves (the router takes a trailing slash too). */
function patternOf(path: string): RegExp {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

function documentOf(routes: readonly Route[], { path, name, title }: (typeof DOCUMENTS)[number]): AgentDocument {
  const route = routes.find((candidate) => candidate.method === 'GET' && candidate.path === path);
  if (!route) throw new Error(`no GET ${path} to offer as a document`);
  const type = route.responds?.type;
  const mimeType = (Array.isArray(type) ? type[0] : type) ?? 'application/json';
  return { path, name, title, description: `${route.summary} (GET ${path}).`, mimeType: mimeType.split(';')[0]! };
}
