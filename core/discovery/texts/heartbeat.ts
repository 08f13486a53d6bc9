import type { ArenaFacts } from '../../status/facts.ts';
import { ARENA } from '../../status/identity.ts';

/** `/heartbeat.txt`: one glance at whether the arena is up and what it holds, in plain text. */
export function heartbeatText(facts: ArenaFacts): string {
  return [
    `${ARENA.name}: ok`,
    `protocol: ${ARENA.protocol} ${ARENA.version}`,
    `state: ${ARENA.state}`,
    `generatedAt: ${facts.generatedAt}`,
    `dailyBoard: ${facts.league.challengeId} ${facts.league.competitionState}, ${facts.league.finisherCount} finisher(s), ${facts.league.attemptCount} attempt(s), closes ${facts.league.closesAt}`,
    `agents: ${facts.totals.agents}`,
    `retainedAttempts: ${facts.totals.retainedAttempts}`,
    `clubhouse: ${facts.clubhouse.state}, ${facts.clubhouse.durableTopics} topic(s)`,
    `arrivalCheckIns: ${facts.arrivals.checkIns}`,
    '',
  ].join('\n');
}
