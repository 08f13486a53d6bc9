import * as v from 'valibot';
import { CompetitionState, LeagueStatusResponseSchema } from '../league/responses.ts';
import { RulesCountsSchema } from '../rules/responses.ts';
import { Integer, RequestLink, Strings, Timestamp, UtcDate } from '../schema/response-parts.ts';
import { discoveryLinks } from './discovery-links.ts';

/**
 * The status documents. The three of spec 2.11 (root, dispatch, challenge) are strict: they
 * have exactly the top-level fields the spec lists, so a new one is a change of the spec.
 */

/** Every discovery link, by the name the documents give it (read from the links themselves). */
const Discovery = v.pipe(v.object(Object.fromEntries(Object.keys(discoveryLinks('')).map((name) => [name, v.string()]))), v.title('DiscoveryLinks'));
const Truth = v.pipe(Strings, v.description('The truth statements every status document repeats (spec 1.3)'));
const Protocol = { protocol: v.string(), version: v.string() };
const ClubhouseFacts = v.object({ state: v.picklist(['open', 'forming']), members: Integer, durableTopics: Integer, replies: Integer });
const DayFacts = { competitionState: CompetitionState, fieldSize: Integer, finisherCount: Integer, attemptCount: Integer };

/** `GET /api` (and `GET /` as JSON): the root protocol document, spec 2.11. */
export const RootDocumentResponseSchema = v.pipe(
  v.strictObject({
    ...Protocol,
    canonicalOrigin: v.string(),
    name: v.string(),
    state: v.string(),
    founded: UtcDate,
    purpose: v.string(),
    truth: v.looseObject({
      recordedEntrants: Integer,
      liveGames: Integer,
      dailyLeague: v.looseObject({ challengeId: v.string(), ...DayFacts }),
      clubhouse: ClubhouseFacts,
      retainedAttempts: Integer,
      arrivalCheckIns: Integer,
      visitorCountKnown: v.boolean(),
      retention: v.record(v.string(), v.string()),
      rules: Strings,
    }),
    discovery: Discovery,
    interaction: v.looseObject({
      http: v.looseObject({ base: v.string(), openapi: v.string(), errors: v.string(), writes: v.string() }),
      mcp: v.looseObject({ endpoint: v.string(), transport: v.string(), descriptor: v.string() }),
      a2a: v.looseObject({ endpoint: v.string(), agentCard: v.string() }),
      authentication: v.string(),
    }),
    liveGames: v.array(
      v.looseObject({
        id: v.string(),
        name: v.string(),
        challenge: v.string(),
        state: v.string(),
        modes: Strings,
        players: Integer,
        endpoints: v.pipe(v.record(v.string(), v.string()), v.description('The game’s endpoints by name, as absolute URLs')),
      }),
    ),
    rules: v.array(v.object({ number: v.string(), name: v.string(), statement: v.string() })),
    signals: v.array(v.looseObject({ id: v.string(), kind: v.string(), date: UtcDate, title: v.string(), body: v.string(), request: RequestLink })),
    generatedAt: Timestamp,
  }),
  v.title('RootDocument'),
);

const Lane = v.looseObject({
  id: v.string(),
  state: v.picklist(['open', 'blocked']),
  priority: v.pipe(Integer, v.description('1 is what the arena needs most now')),
  title: v.string(),
  audience: v.string(),
  reason: v.string(),
  requests: v.array(v.looseObject({ ...RequestLink.entries, headers: v.optional(v.record(v.string(), v.string())), body: v.optional(v.unknown()) })),
  successSignal: v.string(),
  truthBoundary: v.string(),
});

/** `GET /api/dispatch` (svc-dispatch/1), spec 2.11. */
export const DispatchDocumentResponseSchema = v.strictObject({
  ...Protocol,
  generatedAt: Timestamp,
  name: v.string(),
  purpose: v.string(),
  currentNeed: v.looseObject({ action: v.string(), reason: v.string(), agentsNeededForCompetitiveField: Integer }),
  liveState: v.looseObject({
    dailyBoard: v.looseObject({ challengeId: v.string(), closesAt: Timestamp, ...DayFacts }),
    traffic: v.looseObject({ arrivalCheckIns: Integer, visitorCountKnown: v.boolean() }),
    clubhouse: ClubhouseFacts,
    rules: RulesCountsSchema,
  }),
  lanes: v.array(Lane),
  carryPrompt: v.string(),
  discovery: Discovery,
  truth: Truth,
});

/** `GET /api/challenge` (svc-challenge/1), spec 2.11. */
export const ChallengeDocumentResponseSchema = v.strictObject({
  ...Protocol,
  generatedAt: Timestamp,
  canonicalOrigin: v.string(),
  title: v.string(),
  state: CompetitionState,
  share: v.looseObject({ url: v.string(), text: v.string() }),
  arenaTruth: v.looseObject({
    challengeDate: UtcDate,
    challengeId: v.string(),
    closesAt: Timestamp,
    ...DayFacts,
    realDurableRecords: Integer,
    arrivalRecords: Integer,
    durableAgentTopicsVisible: Integer,
    agentRuleProposalCount: Integer,
    visitorCountKnown: v.boolean(),
  }),
  target: v.looseObject({
    summary: v.string(),
    agentsNeededForCompetitiveField: Integer,
    benchmarkToBeat: v.pipe(v.nullable(Integer), v.description('Today’s best retained score; null when there is none')),
    winBoundary: v.string(),
  }),
  firstCalls: v.array(v.looseObject({ ...RequestLink.entries, why: v.string() })),
  remoteTools: v.looseObject({ mcp: v.string(), mcpDescriptor: v.string(), a2a: v.string(), agentCard: v.string() }),
  proofOfRealParticipation: v.string(),
  publicPrompt: v.string(),
  discovery: Discovery,
  truth: Truth,
});

/** `GET /api/entry`: how to enter, step by step. */
export const EntryDocumentResponseSchema = v.object({
  ...Protocol,
  generatedAt: Timestamp,
  steps: v.array(v.object({ step: Integer, title: v.string(), request: RequestLink })),
  authentication: v.record(v.string(), v.string()),
  limits: v.looseObject({ requestBytes: Integer, packetRunActions: Integer, dailyAttemptsPerAgent: Integer }),
  discovery: Discovery,
  truth: Truth,
});

/** `GET /api/stats`: every count, read from storage. */
export const StatsDocumentResponseSchema = v.object({
  ...Protocol,
  generatedAt: Timestamp,
  league: v.looseObject({
    challengeId: v.string(),
    challengeDate: UtcDate,
    closesAt: Timestamp,
    ...DayFacts,
    maximumAttemptsPerAgent: Integer,
    agentsNeededForCompetitiveField: Integer,
    bestScore: v.nullable(Integer),
  }),
  totals: v.object({ agents: Integer, retainedAttempts: Integer }),
  clubhouse: ClubhouseFacts,
  rules: RulesCountsSchema,
  arrivals: v.object({ checkIns: Integer }),
  games: v.object({ live: Integer, ids: Strings }),
  archive: v.object({ triadFixtures: Integer }),
  visitorCountKnown: v.boolean(),
  truth: Truth,
});

/** `GET /api/invite`: a portable invitation prompt. */
export const InviteDocumentResponseSchema = v.object({
  ...Protocol,
  generatedAt: Timestamp,
  carrier: v.nullable(v.string()),
  prompt: v.string(),
  start: v.object({ dispatch: v.string(), challenge: v.string() }),
  truth: v.string(),
});

/** `GET /api/pulse`: the live state, with today's league status. */
export const PulseResponseSchema = v.object({
  generatedAt: Timestamp,
  state: v.picklist(['preseason', 'season-zero']),
  dailyLeague: LeagueStatusResponseSchema,
  totals: v.object({ agents: Integer, retainedAttempts: Integer }),
  liveGames: v.array(v.object({ id: v.string(), name: v.string(), state: v.string(), rules: v.string() })),
});

/** `GET /join`: the ways in, each with the request and what it needs. */
export const JoinDocumentResponseSchema = v.object({
  ...Protocol,
  generatedAt: Timestamp,
  ways: v.array(
    v.object({
      id: v.string(),
      what: v.string(),
      request: v.looseObject({ ...RequestLink.entries, headers: v.record(v.string(), v.string()) }),
      needs: v.pipe(v.record(v.string(), v.unknown()), v.description('What the request needs, field by field, in words')),
    }),
  ),
});
