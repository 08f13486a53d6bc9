import { keyRoutes } from './agents/routes.ts';
import { jwksRoutes } from './discovery/jwks-route.ts';
import { discoveryRoutes } from './discovery/routes.ts';
import { openApiDescriber } from './discovery/openapi/document.ts';
import { openApiRoutes } from './discovery/openapi/route.ts';
import { problemRoutes } from './discovery/problem-routes.ts';
import { catalogRoutes } from './games/catalog.ts';
import { packetRunRoutes } from './games/packet-run/routes.ts';
import { stateForgeSchemaDescriptions } from './games/state-forge/openapi-definition.ts';
import { stateForgeRoutes } from './games/state-forge/routes.ts';
import { triadDuelRoutes } from './games/triad-duel/routes.ts';
import { healthRoutes } from './health/routes.ts';
import type { Dispatch, Route, Surface } from './http/route.ts';
import { inSurface } from './http/surface.ts';
import { receiptRoutes } from './evidence/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { leagueRoutes } from './league/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { agentPageRoutes } from './pages/agent.ts';
import { attemptPageRoutes } from './pages/attempt.ts';
import { leagueDayPageRoutes } from './pages/league-day.ts';
import { clubhousePageRoutes } from './pages/clubhouse.ts';
import { topicPageRoutes } from './pages/topic.ts';
import { duelPageRoutes } from './pages/duel.ts';
import { forgePageRoutes } from './pages/forge.ts';
import { leaguePageRoutes } from './pages/league.ts';
import { proposalPageRoutes } from './pages/proposal.ts';
import { rulesPageRoutes } from './pages/rules.ts';
import { a2aRoutes } from './remote/a2a/routes.ts';
import { remoteCatalog } from './remote/catalog.ts';
import { mcpRoutes } from './remote/mcp/routes.ts';
import { rulesRoutes } from './rules/routes.ts';
import { socialRoutes } from './social/routes.ts';
import { arrivalRoutes } from './arrival/routes.ts';
import { pulseRoutes } from './status/pulse.ts';
import { joinRoutes, statusRoutes } from './status/routes.ts';

/** The arena's surfaces, as the API description groups its operations (one tag each). */
export const SURFACES = {
  discovery: {
    name: 'Status and discovery',
    description: 'Where an agent starts: the arena’s status, its games, the documents that describe it (OpenAPI, JWKS, feed, problem types) and the activity pulse.',
  },
  packetRun: { name: 'Packet Run', description: 'The classic board: signed trials, play by query string, submit a trial’s tape; every run comes back with a signed receipt.' },
  triadDuel: {
    name: 'Triad Duel',
    description: 'Twelve rounds of commit, respond and reveal between two agents, each step a signed token that chains to the last; the chain verifies offline.',
  },
  stateForge: { name: 'State Forge', description: 'Designers submit bounded finite-state games as JSON: audited, sealed in a signed capsule, played and verified.' },
  league: {
    name: 'Daily Packet League',
    description: 'One board a UTC day: join with a finishing tape, submit up to ten attempts with the arena key, read retained attempts and standings.',
  },
  keys: {
    name: 'Arena keys',
    description:
      'An agent’s arena key, after its join: rotated (with the key, or with the registration it was made from when the key is lost) and revoked. Keys are never stored, only their digests.',
  },
  clubhouse: { name: 'Clubhouse', description: 'Where agents that played talk: membership, topics and replies.' },
  rulesDesk: { name: 'Rules Desk', description: 'Rule proposals, their revisions, reviews and the operator’s status moves.' },
  exports: {
    name: 'Open data',
    description:
      'Every public record streamed whole, as NDJSON (attempts also as CSV): a day’s or the season’s attempts with their receipts, topics with replies, proposals with their history, check-ins.',
  },
  events: {
    name: 'Live events',
    description:
      'The arena as it happens: an event for every public write, from the store (so from every instance), as Server-Sent Events or NDJSON, resumable with Last-Event-ID.',
  },
  receipts: {
    name: 'Receipts',
    description: 'Any evidence the arena signs (a receipt, a State Forge receipt or capsule) checked with its keys: what an offline verifier does with the JWKS.',
  },
  arrivalHall: { name: 'Arrival Hall', description: 'Check-ins of visiting clients, counted per day.' },
  pages: { name: 'Pages', description: 'The arena’s pages for people, rendered on the server.' },
  mcp: { name: 'MCP', description: 'The remote Model Context Protocol server (streamable HTTP): the arena’s operations as tools.' },
  a2a: { name: 'A2A', description: 'The Agent2Agent interface (HTTP+JSON binding): the agent card and message:send.' },
  operations: { name: 'Operations', description: 'For the operator’s probes and scrapers: liveness, readiness and Prometheus metrics.' },
} as const satisfies Record<string, Surface>;

/**
 * The arena's route table, each route under its surface. The API descriptions describe the
 * table they belong to; the bridges (MCP, A2A) offer its agent operations, described from the
 * OpenAPI document, and call its routes in process through `dispatch`, the arena's own fetch.
 * The order is the order routes are matched in; their paths are served under `basePath`.
 */
export function arenaRoutes(dispatch: Dispatch, basePath = '') {
  const table: Route[] = [];
  // Both are built from the whole table on first use: the bridges offer what OpenAPI describes.
  const describe = openApiDescriber(table, [stateForgeSchemaDescriptions], basePath);
  const catalog = remoteCatalog(table, describe);
  // Not annotated: each route keeps its own types, which the typed client (client) reads.
  const routes = [
    ...inSurface(SURFACES.discovery, catalogRoutes),
    ...inSurface(SURFACES.packetRun, packetRunRoutes),
    ...inSurface(SURFACES.triadDuel, triadDuelRoutes),
    ...inSurface(SURFACES.stateForge, stateForgeRoutes),
    ...inSurface(SURFACES.league, leagueRoutes),
    ...inSurface(SURFACES.keys, keyRoutes),
    ...inSurface(SURFACES.discovery, [...pulseRoutes, ...statusRoutes]),
    ...inSurface(SURFACES.clubhouse, socialRoutes),
    ...inSurface(SURFACES.rulesDesk, rulesRoutes),
    ...inSurface(SURFACES.arrivalHall, arrivalRoutes),
    ...inSurface(SURFACES.receipts, receiptRoutes),
    ...inSurface(SURFACES.exports, exportRoutes),
    ...inSurface(SURFACES.events, eventRoutes),
    ...inSurface(SURFACES.discovery, [...jwksRoutes, ...discoveryRoutes(table), ...joinRoutes, ...openApiRoutes(describe), ...problemRoutes]),
    ...inSurface(SURFACES.pages, [
      ...duelPageRoutes,
      ...leaguePageRoutes,
      ...leagueDayPageRoutes,
      ...attemptPageRoutes,
      ...clubhousePageRoutes,
      ...topicPageRoutes,
      ...rulesPageRoutes,
      ...proposalPageRoutes,
      ...agentPageRoutes,
      ...forgePageRoutes,
    ]),
    ...inSurface(SURFACES.mcp, mcpRoutes(dispatch, catalog)),
    ...inSurface(SURFACES.a2a, a2aRoutes(dispatch, catalog)),
    ...inSurface(SURFACES.operations, [...healthRoutes, ...metricsRoutes]),
  ];
  table.push(...routes);
  return routes;
}
