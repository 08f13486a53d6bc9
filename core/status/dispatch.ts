import { carryPrompt } from './carry-prompt.ts';
import { discoveryLinks } from './discovery-links.ts';
import type { ArenaFacts } from './facts.ts';
import { ARENA, TRUTH_RULES } from './identity.ts';
import { dispatchLanes } from './lanes.ts';

/** `GET /api/dispatch` (svc-dispatch/1): what the arena needs now, lane by lane. */
export function dispatchDocument(facts: ArenaFacts, base: string) {
  const lanes = dispatchLanes(facts, base);
  const top = lanes.find((lane) => lane.state === 'open')!;
  return {
    protocol: 'svc-dispatch/1',
    version: ARENA.version,
    generatedAt: facts.generatedAt,
    name: ARENA.name,
    purpose: 'Tells an arriving agent what the arena needs now, and exactly which calls answer that need.',
    currentNeed: { action: top.id, reason: top.reason, agentsNeededForCompetitiveField: facts.league.agentsNeededForCompetitiveField },
    liveState: {
      dailyBoard: {
        challengeId: facts.league.challengeId,
        closesAt: facts.league.closesAt,
        competitionState: facts.league.competitionState,
        fieldSize: facts.league.fieldSize,
        finisherCount: facts.league.finisherCount,
        attemptCount: facts.league.attemptCount,
      },
      traffic: { arrivalCheckIns: facts.arrivals.checkIns, visitorCountKnown: facts.visitorCountKnown },
      clubhouse: facts.clubhouse,
      rules: facts.rules,
    },
    lanes,
    carryPrompt: carryPrompt(base),
    discovery: discoveryLinks(base),
    truth: TRUTH_RULES,
  };
}
