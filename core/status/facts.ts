import type { ArenaContext } from '../context.ts';
import { GAMES } from '../games/catalog.ts';
import { ARCHIVED_DUELS } from '../games/triad-duel/archive.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT } from '../league/attempts.ts';
import { todaysChallenge } from '../league/challenge.ts';
import { competitionState } from '../league/status.ts';

/**
 * Everything the status documents count, read from storage and the running configuration in
 * one place: no document computes a count of its own, and none is ever estimated.
 */
export async function arenaFacts(arena: ArenaContext) {
  const challenge = await todaysChallenge(arena);
  const [day, totals, social, rules, arrivals, best] = await Promise.all([
    arena.store.dayCounts(challenge.challengeDate),
    arena.store.totals(),
    arena.store.socialCounts(),
    arena.store.rulesCounts(),
    arena.store.arrivalCount(),
    arena.store.dailyStandings(challenge.challengeDate, { limit: 1 }),
  ]);
  const leader = best.rows[0];
  return {
    generatedAt: new Date(arena.now()).toISOString(),
    league: {
      challengeId: challenge.challengeId,
      challengeDate: challenge.challengeDate,
      closesAt: challenge.closesAt,
      challengeToken: challenge.challengeToken,
      competitionState: competitionState(day, false),
      fieldSize: day.fieldSize,
      finisherCount: day.finisherCount,
      attemptCount: day.attemptCount,
      maximumAttemptsPerAgent: MAXIMUM_ATTEMPTS_PER_AGENT,
      agentsNeededForCompetitiveField: Math.max(0, 2 - day.finisherCount),
      /** Today's best retained score, or null when nothing is retained yet. */
      bestScore: leader ? leader.bestScore : null,
    },
    totals: { agents: totals.agents, retainedAttempts: totals.attempts },
    /** Agents with at least one retained league attempt; Clubhouse-only agents are not among them. */
    entrants: totals.entrants,
    clubhouse: { state: arena.settings.clubhouse, members: social.members, durableTopics: social.topics, replies: social.replies },
    rules: { proposals: rules.proposals, reviews: rules.reviews, byStatus: rules.byStatus },
    arrivals: { checkIns: arrivals },
    games: { live: GAMES.length, ids: GAMES.map((game) => game.id) },
    archive: { triadFixtures: ARCHIVED_DUELS.length },
    /** This service counts records, not visitors: no visitor count is known. */
    visitorCountKnown: false as const,
  };
}

export type ArenaFacts = Awaited<ReturnType<typeof arenaFacts>>;

/** Records that are real, durable agent activity: retained attempts, topics, replies, proposals, reviews. */
export function durableRecords(facts: ArenaFacts): number {
  return facts.totals.retainedAttempts + facts.clubhouse.durableTopics + facts.clubhouse.replies + facts.rules.proposals + facts.rules.reviews;
}
