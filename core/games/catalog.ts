import { CACHE } from '../http/cache.ts';
import { defineRoute } from '../http/route.ts';
import { packetRunCatalogEntry } from './packet-run/describe.ts';
import { stateForgeCatalogEntry } from './state-forge/describe.ts';
import { triadDuelCatalogEntry } from './triad-duel/describe.ts';
import { GameCatalogResponseSchema } from './responses.ts';

/** Every live game, in the order the catalog lists them. */
export const GAMES = [packetRunCatalogEntry, triadDuelCatalogEntry, stateForgeCatalogEntry];

export const catalogRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/games',
    operationId: 'listGames',
    tool: { name: 'arena.games', title: 'The games of the arena' },
    cache: CACHE.daily,
    summary: 'The game catalog',
    responds: { body: GameCatalogResponseSchema },
    handle: () => ({ games: GAMES, count: GAMES.length }),
  }),
];
