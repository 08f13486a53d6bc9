import { defineRoute } from '../http/route.ts';
import { GAMES } from '../games/catalog.ts';
import { leagueStatus } from '../league/status.ts';
import { PulseResponseSchema } from './responses.ts';

/** `GET /api/pulse`: the arena's live state, including the day's league challenge token. */
export const pulseRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/pulse',
    operationId: 'getPulse',
    tool: { name: 'arena.pulse', title: 'Live state' },
    summary: 'Live state: today’s league field and challenge token, totals and live games',
    responds: { body: PulseResponseSchema },
    handle: async (_, arena) => {
      const totals = await arena.store.totals();
      return {
        generatedAt: new Date(arena.now()).toISOString(),
        state: totals.attempts === 0 ? 'preseason' : 'season-zero',
        dailyLeague: await leagueStatus(arena),
        totals: { agents: totals.agents, retainedAttempts: totals.attempts },
        liveGames: GAMES.map((game) => ({ id: game.id, name: game.name, state: game.state, rules: `${arena.basePath}${game.links.rules}` })),
      };
    },
  }),
];
