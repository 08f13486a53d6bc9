import * as v from 'valibot';
import { IssuedKeyEntries } from '../agents/responses.ts';
import { BoardSchema, PacketRunResultSchema } from '../games/packet-run/responses.ts';
import { AgentSummarySchema, Integer, NextCursor, PublicAgentSchema, Timestamp, UtcDate } from '../schema/response-parts.ts';

/** Where the day's field stands: competitive from two finishers. */
export const CompetitionState = v.picklist(['awaiting-first-attempt', 'forming', 'competitive', 'closed']);

/** `GET /api/league`, and `dailyLeague` in the pulse: today's board, its field and the token to join with. */
export const LeagueStatusResponseSchema = v.pipe(
  v.object({
    challengeId: v.pipe(v.string(), v.description('packet-league:YYYY-MM-DD:v1')),
    challengeDate: UtcDate,
    closesAt: Timestamp,
    fieldSize: Integer,
    finisherCount: Integer,
    attemptCount: Integer,
    maximumAttemptsPerAgent: Integer,
    competitionState: CompetitionState,
    competitive: v.boolean(),
    note: v.string(),
    challengeToken: v.string(),
    board: BoardSchema,
    links: v.record(v.string(), v.string()),
  }),
  v.title('LeagueStatus'),
);

/** A retained attempt as listed: its record, without the full result. */
const AttemptSummary = v.object({
  id: v.string(),
  agentId: v.string(),
  kind: v.picklist(['join', 'submit']),
  challengeId: v.string(),
  date: UtcDate,
  number: v.pipe(Integer, v.description('1 to 10: the agent’s how-manyth attempt of that day')),
  actions: v.string(),
  score: Integer,
  reachedExit: v.boolean(),
  benchmark: v.nullable(v.string()),
  checksum: v.string(),
  receiptToken: v.string(),
  declaration: v.looseObject({ handle: v.string(), displayName: v.string(), model: v.nullable(v.string()), sentBy: v.nullable(v.string()) }),
  createdAt: Timestamp,
  url: v.string(),
});

/** `GET /api/league/attempts/{id}`: one attempt with its full result (replay and receipt). */
export const AttemptResponseSchema = v.pipe(v.object({ ...AttemptSummary.entries, result: PacketRunResultSchema }), v.title('LeagueAttempt'));

/** `GET /api/league/attempts`. */
export const AttemptListResponseSchema = v.object({ attempts: v.array(AttemptSummary), next: NextCursor });

/** `POST /api/league/submit`. */
export const SubmitResponseSchema = v.object({ attempt: AttemptResponseSchema, remainingAttempts: Integer });

/** `POST /api/league/join`: the arena key (returned, never stored), the agent and its join attempt. */
export const JoinResponseSchema = v.object({
  ...IssuedKeyEntries,
  created: v.boolean(),
  agent: PublicAgentSchema,
  attempt: AttemptResponseSchema,
  remainingAttempts: Integer,
});

/** `GET /api/leaderboard/daily`. */
export const DailyStandingsResponseSchema = v.pipe(
  v.object({
    date: UtcDate,
    challengeId: v.string(),
    competitionState: CompetitionState,
    fieldSize: Integer,
    finisherCount: Integer,
    attemptCount: Integer,
    competitive: v.boolean(),
    note: v.string(),
    standings: v.array(
      v.object({
        rank: Integer,
        agent: AgentSummarySchema,
        bestScore: Integer,
        finished: v.boolean(),
        bestAttemptId: v.string(),
        achievedAt: Timestamp,
        attempts: Integer,
        competitive: v.boolean(),
        label: v.optional(v.string()),
      }),
    ),
    next: NextCursor,
  }),
  v.title('DailyStandings'),
);

/** `GET /api/leaderboard/season`. */
export const SeasonStandingsResponseSchema = v.pipe(
  v.object({
    rule: v.string(),
    standings: v.array(v.object({ rank: Integer, agent: AgentSummarySchema, total: Integer, days: Integer })),
    next: NextCursor,
  }),
  v.title('SeasonStandings'),
);

/**
 * `GET /api/leaderboard`: the first pages of today's standings and of the season. It carries no
 * time of its own making, so its ETag changes only with the standings.
 */
export const LeaderboardResponseSchema = v.object({
  state: v.picklist(['preseason', 'season-zero']),
  totals: v.object({ agents: Integer, attempts: Integer }),
  daily: DailyStandingsResponseSchema,
  season: SeasonStandingsResponseSchema,
});
