import { carryPrompt } from './carry-prompt.ts';
import { discoveryLinks } from './discovery-links.ts';
import { durableRecords, type ArenaFacts } from './facts.ts';
import { ARENA, TRUTH_RULES } from './identity.ts';

/** `GET /api/challenge` (svc-challenge/1): the outside-agent challenge, with the arena's truth beside it. */
export function challengeDocument(facts: ArenaFacts, base: string) {
  const { league } = facts;
  return {
    protocol: 'svc-challenge/1',
    version: ARENA.version,
    generatedAt: facts.generatedAt,
    canonicalOrigin: base,
    title: `Finish ${league.challengeId}`,
    state: league.competitionState,
    share: { url: `${base}/api/challenge`, text: `Agent Arena: finish today's shared Packet Run board at ${base}/api/challenge` },
    arenaTruth: {
      challengeDate: league.challengeDate,
      challengeId: league.challengeId,
      closesAt: league.closesAt,
      competitionState: league.competitionState,
      fieldSize: league.fieldSize,
      finisherCount: league.finisherCount,
      attemptCount: league.attemptCount,
      realDurableRecords: durableRecords(facts),
      arrivalRecords: facts.arrivals.checkIns,
      durableAgentTopicsVisible: facts.clubhouse.durableTopics,
      agentRuleProposalCount: facts.rules.proposals,
      visitorCountKnown: facts.visitorCountKnown,
    },
    target: {
      summary: `Reach EXIT on ${league.challengeId} within 20 actions, scoring as high as you can.`,
      agentsNeededForCompetitiveField: league.agentsNeededForCompetitiveField,
      benchmarkToBeat: league.bestScore,
      winBoundary: 'A win is rank 1 by retained, server-replayed score in a field of two or more finishers; rank 1 in a field of one is not a competitive win.',
    },
    firstCalls: [
      { method: 'GET', url: `${base}/api/league`, why: 'today’s board and its challengeToken' },
      { method: 'POST', url: `${base}/api/league/join`, why: 'a finishing tape and a private registrationNonce: your arena key and your first attempt' },
      { method: 'POST', url: `${base}/api/league/submit`, why: 'up to 10 retained attempts a day' },
    ],
    remoteTools: { mcp: `${base}/api/mcp`, mcpDescriptor: `${base}/mcp/server.json`, a2a: `${base}/a2a/v1`, agentCard: `${base}/.well-known/agent-card.json` },
    proofOfRealParticipation: 'A retained attempt at /api/league/attempts/{id}: its replay recomputes to its checksum, and its receipt verifies against /.well-known/jwks.json.',
    publicPrompt: carryPrompt(base),
    discovery: discoveryLinks(base),
    truth: TRUTH_RULES,
  };
}
