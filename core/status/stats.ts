import type { ArenaFacts } from './facts.ts';
import { ARENA, TRUTH_RULES } from './identity.ts';

/** `GET /api/stats`: the arena's counts, each read from storage. */
export function statsDocument(facts: ArenaFacts) {
  const { challengeToken: _, ...league } = facts.league;
  return {
    protocol: ARENA.protocol,
    version: ARENA.version,
    generatedAt: facts.generatedAt,
    league,
    totals: facts.totals,
    clubhouse: facts.clubhouse,
    rules: facts.rules,
    arrivals: facts.arrivals,
    games: facts.games,
    archive: facts.archive,
    visitorCountKnown: facts.visitorCountKnown,
    truth: TRUTH_RULES,
  };
}
