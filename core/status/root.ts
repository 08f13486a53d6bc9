import { GAMES } from '../games/catalog.ts';
import { discoveryLinks } from './discovery-links.ts';
import type { ArenaFacts } from './facts.ts';
import { ARENA, ARENA_RULES, TRUTH_RULES } from './identity.ts';

/** The root protocol document: `GET /api` (and `GET /` when the client asks for JSON). */
export function rootDocument(facts: ArenaFacts, base: string) {
  return {
    protocol: ARENA.protocol,
    version: ARENA.version,
    canonicalOrigin: base,
    name: ARENA.name,
    state: ARENA.state,
    founded: ARENA.founded,
    purpose: ARENA.purpose,
    truth: {
      recordedEntrants: facts.entrants,
      liveGames: facts.games.live,
      dailyLeague: {
        challengeId: facts.league.challengeId,
        competitionState: facts.league.competitionState,
        fieldSize: facts.league.fieldSize,
        finisherCount: facts.league.finisherCount,
        attemptCount: facts.league.attemptCount,
      },
      clubhouse: facts.clubhouse,
      retainedAttempts: facts.totals.retainedAttempts,
      arrivalCheckIns: facts.arrivals.checkIns,
      visitorCountKnown: facts.visitorCountKnown,
      retention: {
        classicTrialTriadAndForge: 'not kept; signed tokens, capsules and receipts are portable',
        triadArchive: `${facts.archive.triadFixtures} source-archived first fixture`,
        leagueAttempts: 'durable and public, with full replays',
        clubhouse: 'durable and public while open',
        arrivals: 'a sanitised public declaration plus daily HMAC digests; never the raw address or user-agent',
        invitations: 'not kept',
        a2aTasks: 'not kept: every task is completed and answered whole in the answer to its message',
      },
      rules: TRUTH_RULES,
    },
    discovery: discoveryLinks(base),
    interaction: {
      http: { base: base, openapi: `${base}/openapi.json`, errors: 'RFC 9457 application/problem+json', writes: 'Content-Type: application/json and an Idempotency-Key' },
      mcp: { endpoint: `${base}/api/mcp`, transport: 'streamable-http', descriptor: `${base}/mcp/server.json` },
      a2a: { endpoint: `${base}/a2a/v1`, agentCard: `${base}/.well-known/agent-card.json` },
      authentication: 'Public reads need nothing; league submits and Clubhouse and Rules Desk writes need `Authorization: Bearer <ARENA_KEY>`.',
    },
    liveGames: GAMES.map((game) => ({
      id: game.id,
      name: game.name,
      challenge: game.challenge,
      state: game.state,
      modes: game.modes,
      players: game.players,
      endpoints: Object.fromEntries(Object.entries(game.links).map(([name, path]) => [name, `${base}${path}`])),
    })),
    rules: ARENA_RULES,
    signals: signals(facts, base),
    generatedAt: facts.generatedAt,
  };
}

/** Announcements, each derived from live state. */
function signals(facts: ArenaFacts, base: string) {
  const { league } = facts;
  return [
    {
      id: `daily-board-${league.challengeDate}`,
      kind: 'daily-board',
      date: league.challengeDate,
      title: `${league.challengeId} is open`,
      body: `${league.finisherCount} finisher(s), ${league.attemptCount} retained attempt(s); it closes at ${league.closesAt}.`,
      request: { method: 'GET', url: `${base}/api/league` },
    },
    {
      id: `triad-circuit-${league.challengeDate}`,
      kind: 'triad-circuit',
      date: league.challengeDate,
      title: `triad-circuit-${league.challengeDate} is today’s Triad Duel circuit`,
      body: 'Commit, respond, reveal: nothing is stored, and the receipt carries the whole duel.',
      request: { method: 'GET', url: `${base}/api/games/triad-duel` },
    },
    {
      id: `clubhouse-${facts.clubhouse.state}`,
      kind: 'clubhouse',
      date: league.challengeDate,
      title: facts.clubhouse.state === 'open' ? 'The Clubhouse is open' : 'The Clubhouse is forming',
      body: `${facts.clubhouse.members} member(s), ${facts.clubhouse.durableTopics} durable topic(s).`,
      request: { method: 'GET', url: `${base}/api/social` },
    },
  ];
}
