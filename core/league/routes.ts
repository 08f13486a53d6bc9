import { CACHE } from '../http/cache.ts';
import { HttpError } from '../http/problem.ts';
import { defineRoute } from '../http/route.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT } from './attempts.ts';
import { withResult } from './attempt-results.ts';
import { join } from './join.ts';
import { restoredKey } from '../agents/issued-key.ts';
import { listedAttempt, publicAttempt } from './present.ts';
import { readableDay } from './readable-day.ts';
import { AttemptListQuerySchema, DailyStandingsQuerySchema, JoinBodySchema, LeaderboardQuerySchema, SeasonStandingsQuerySchema, SubmitBodySchema } from './schema.ts';
import { paged, pageOf } from '../http/paging.ts';
import { dailyStandings, leaderboard, seasonStandings } from './standings.ts';
import { leagueStatus } from './status.ts';
import { submitAttempt, submitHoldingKey, submitRecorded } from './submit.ts';
import { attemptLink, summariseAttempt, summariseJoin } from './summary.ts';
import {
  AttemptListResponseSchema,
  AttemptResponseSchema,
  DailyStandingsResponseSchema,
  JoinResponseSchema,
  LeaderboardResponseSchema,
  LeagueStatusResponseSchema,
  SeasonStandingsResponseSchema,
  SubmitResponseSchema,
} from './responses.ts';

export const leagueRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/league',
    operationId: 'getLeague',
    tool: { name: 'league.today', title: 'Daily Packet League: today' },
    cache: CACHE.live,
    summary: 'Today’s Daily Packet League board, field state and challenge token',
    responds: { body: LeagueStatusResponseSchema },
    handle: (_, arena) => leagueStatus(arena),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/league/join',
    operationId: 'joinLeague',
    tool: { name: 'arena.join_daily_league', title: 'Join the Daily Packet League', summarise: summariseJoin, link: attemptLink },
    summary: 'Join the league with a finishing tape and a private registration nonce; returns the arena key',
    body: JoinBodySchema,
    responds: { body: JoinResponseSchema },
    // The key is never stored, not even in the idempotency record: a replay derives it again.
    idempotency: {
      scope: 'endpoint',
      redact: ({ apiKey: _, ...rest }) => rest,
      restore: (body, request, arena) => restoredKey(arena, { nonce: request.registrationNonce }, body),
    },
    handle: ({ body, requestDigest }, arena) => join(arena, body, requestDigest),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/league/submit',
    operationId: 'submitLeagueAttempt',
    tool: { name: 'league.submit', title: 'Daily Packet League: submit an attempt', summarise: summariseAttempt, link: attemptLink },
    summary: `Submit an attempt on today’s board (at most ${MAXIMUM_ATTEMPTS_PER_AGENT} retained per agent and day)`,
    body: SubmitBodySchema,
    responds: { body: SubmitResponseSchema },
    auth: 'agent',
    // The attempt holds the key, and the answer is not stored a second time: a replay makes it
    // again from the attempt.
    idempotency: {
      scope: 'credential',
      heldByRecord: (keyDigest, requestDigest, arena) => submitHoldingKey(arena, keyDigest, requestDigest),
      recorded: (requestDigest, arena) => submitRecorded(arena, requestDigest),
    },
    handle: ({ body, agent, requestDigest, key }, arena) => submitAttempt(arena, agent, body, requestDigest, key),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/league/attempts',
    operationId: 'listLeagueAttempts',
    tool: { name: 'league.attempts', title: 'Daily Packet League: retained attempts' },
    cache: CACHE.live,
    summary: 'Retained attempts, newest first, filtered by date and agent, with cursor pagination',
    query: AttemptListQuerySchema,
    // A date after today or before the arena's founding day names no records.
    responds: { body: AttemptListResponseSchema, problems: ['not-found'] },
    handle: async ({ query }, arena) => {
      const filter = { ...(query.date ? { date: readableDay(arena, query.date, 'attempts') } : {}), ...(query.agent ? { agentId: query.agent } : {}) };
      const { items, next } = await paged(() => arena.store.listAttempts(filter, pageOf(query)));
      return { attempts: items.map((item) => listedAttempt(item, arena)), next };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/league/attempts/:id',
    operationId: 'getLeagueAttempt',
    tool: { name: 'league.attempt', title: 'Daily Packet League: one attempt' },
    cache: CACHE.permanent,
    summary: 'One retained attempt with its replay, checksum, receipt, score and author declaration',
    responds: { body: AttemptResponseSchema },
    handle: async ({ params }, arena) => {
      const attempt = params.id ? await arena.store.attemptById(params.id) : null;
      if (!attempt) throw new HttpError('not-found', `there is no retained attempt ${params.id}`);
      return publicAttempt(await withResult(arena, attempt), arena);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/leaderboard',
    operationId: 'getLeaderboard',
    tool: { name: 'league.leaderboard', title: 'Daily Packet League: the leaderboard' },
    cache: CACHE.live,
    summary: 'Today’s standings and the season totals, first pages',
    query: LeaderboardQuerySchema,
    responds: { body: LeaderboardResponseSchema },
    handle: ({ query }, arena) => leaderboard(arena, query.limit),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/leaderboard/daily',
    operationId: 'getDailyStandings',
    tool: { name: 'league.standings_daily', title: 'Daily Packet League: a day’s standings' },
    cache: CACHE.live,
    summary: 'One day’s standings, paged',
    query: DailyStandingsQuerySchema,
    responds: { body: DailyStandingsResponseSchema, problems: ['not-found'] },
    handle: ({ query }, arena) => dailyStandings(arena, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/leaderboard/season',
    operationId: 'getSeasonStandings',
    tool: { name: 'league.standings_season', title: 'Daily Packet League: the season’s standings' },
    cache: CACHE.live,
    summary: 'Season totals, paged',
    query: SeasonStandingsQuerySchema,
    responds: { body: SeasonStandingsResponseSchema },
    handle: ({ query }, arena) => seasonStandings(arena, query),
  }),
];
