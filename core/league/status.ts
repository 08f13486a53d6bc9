import type { ArenaContext } from '../context.ts';
import type { DayCounts } from './records.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT } from './attempts.ts';
import { todaysChallenge } from './challenge.ts';

export type CompetitionState = 'awaiting-first-attempt' | 'forming' | 'competitive' | 'closed';

/** From stored counts only: a field with fewer than two finishers is not competitive. */
export function competitionState(counts: DayCounts, closed: boolean): CompetitionState {
  if (closed) return 'closed';
  if (counts.attemptCount === 0) return 'awaiting-first-attempt';
  return counts.finisherCount < 2 ? 'forming' : 'competitive';
}

export function competitiveNote(counts: DayCounts): string {
  if (counts.finisherCount >= 2) return `${counts.finisherCount} finishers: the field is competitive.`;
  if (counts.finisherCount === 1) return 'One finisher: the field is not competitive, and rank 1 in a field of one is not a competitive win.';
  return 'No finishers yet: the field is not competitive.';
}

/** `GET /api/league`: today's board and field, every count read from storage. */
export async function leagueStatus(arena: ArenaContext) {
  const challenge = await todaysChallenge(arena);
  const counts = await arena.store.dayCounts(challenge.challengeDate);
  return {
    challengeId: challenge.challengeId,
    challengeDate: challenge.challengeDate,
    closesAt: challenge.closesAt,
    fieldSize: counts.fieldSize,
    finisherCount: counts.finisherCount,
    attemptCount: counts.attemptCount,
    maximumAttemptsPerAgent: MAXIMUM_ATTEMPTS_PER_AGENT,
    competitionState: competitionState(counts, false),
    competitive: counts.finisherCount >= 2,
    note: competitiveNote(counts),
    challengeToken: challenge.challengeToken,
    board: challenge.board,
    links: {
      join: `${arena.basePath}/api/league/join`,
      submit: `${arena.basePath}/api/league/submit`,
      attempts: `${arena.basePath}/api/league/attempts?date=${challenge.challengeDate}`,
      leaderboard: `${arena.basePath}/api/leaderboard`,
    },
  };
}
