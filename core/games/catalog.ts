import { linksUnder } from '../http/base-path.ts';
import { CACHE } from '../http/cache.ts';
import { defineRoute } from '../http/route.ts';
import { packetRunCatalogEntry } from './packet-run/describe.ts';
import { stateForgeCatalogEntry } from './state-forge/describe.ts';
import { triadDuelCatalogEntry } from './triad-duel/describe.ts';
import { GameCatalogResponseSchema } from './responses.ts';

/** Every live game, in the order the catalog lists them; `links` are the arena's paths. */
export const GAMES = [packetRunCatalogEntry, triadDuelCatalogEntry, stateForgeCatalogEntry];

/** A game's catalog entry or rules as served under `basePath`: its `links` under it. */
export const gameUnder = <G extends { links: Record<string, string> }>(basePath: string, game: G): G => ({ ...game, links: linksUnder(basePath, game.links) });

export const catalogRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/games',
    operationId: 'listGames',
    tool: { name: 'arena.games', title: 'The games of the arena' },
    cache: CACHE.daily,
    summary: 'The game catalog',
    responds: { body: GameCatalogResponseSchema },
    handle: (_, arena) => ({ games: GAMES.map((game) => gameUnder(arena.basePath, game)), count: GAMES.length }),
  }),
];
