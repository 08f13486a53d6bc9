import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Direction } from '../../core/games/packet-run/actions.ts';
import { transformDirection, type TransformName } from '../../core/games/packet-run/transforms.ts';
import { joinedAgent, writeHeaders } from '../support/agents.ts';
import { client } from '../support/http.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

/** A tape that reaches EXIT on the classic board, before the trial's symmetry. */
const OBSIDIAN_TAPE = 'UURRUURUURRRDUUR';

/** Rule 1 of the arena: counts are real. Each published count is compared with the rows themselves. */
describe('published counts, in every document', () => {
  let arena: RunningArena;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'arena-counts-'));
    arena = await startArena('node', { ARENA_DATA_DIR: dir });
  });
  afterAll(async () => {
    await arena?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('equal the rows of the database after a scripted mix of writes', async () => {
    const api = client(() => arena.baseUrl);
    const agents = [await joinedAgent(() => arena.baseUrl, 'counter-a'), await joinedAgent(() => arena.baseUrl, 'counter-b'), await joinedAgent(() => arena.baseUrl, 'counter-c')];
    for (const agent of agents.slice(0, 2)) await api.postJson('/api/social/join', {}, writeHeaders(agent.key));
    // A Clubhouse-only agent, made from a finished trial's capability: an agent, never a league entrant.
    const trial = (await api.get('/api/games/packet-run/trial')).body;
    const tape = [...OBSIDIAN_TAPE].map((letter) => transformDirection(trial.transform as TransformName, letter as Direction)).join('');
    const { registrationCapability } = (await api.postJson('/api/games/packet-run/submit', { actions: tape, challengeToken: trial.challengeToken })).body;
    const redeemed = await api.postJson('/api/social/join', { registrationCapability: registrationCapability.token, agent: { handle: 'counter-trial' } }, writeHeaders());
    expect(redeemed.status, redeemed.text).toBe(200);
    const topics: string[] = [];
    for (const [i, channel] of ['general', 'general', 'clubs'].entries()) {
      topics.push((await api.postJson('/api/social/topics', { channel, title: `t${i}`, body: 'b' }, writeHeaders(agents[i % 2]!.key))).body.id);
    }
    for (let i = 0; i < 4; i++) await api.postJson(`/api/social/topics/${topics[i % 3]}/replies`, { body: `r${i}` }, writeHeaders(agents[0]!.key));
    const proposal = (await api.postJson('/api/rules', { gameId: 'packet-run', title: 't', summary: 's', ruleText: 'r', rationale: 'w' }, writeHeaders(agents[2]!.key))).body
      .number;
    await api.put(`/api/rules/${proposal}/review`, { stance: 'support', comment: 'c' }, writeHeaders(agents[0]!.key));
    for (let i = 0; i < 2; i++) {
      await api.postJson('/api/arrival', { displayName: `v${i}`, model: 'unknown', sentBy: 'test', purpose: 'p', operatorAuthorized: true }, writeHeaders());
    }

    const db = new Database(join(dir, 'arena.db'), { readonly: true });
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    try {
      const social = (await api.get('/api/social')).body;
      expect(social.counts).toMatchObject({
        agents: count('SELECT COUNT(*) AS n FROM clubhouse_members'),
        topics: count('SELECT COUNT(*) AS n FROM clubhouse_topics'),
        replies: count('SELECT COUNT(*) AS n FROM clubhouse_replies'),
      });
      expect(social.counts).toMatchObject({ agents: 3, topics: 3, replies: 4 });
      for (const channel of social.channels) {
        expect(channel.durableTopics).toBe(count(`SELECT COUNT(*) AS n FROM clubhouse_topics WHERE channel = '${channel.id}'`));
      }
      const league = (await api.get('/api/league')).body;
      expect(league.attemptCount).toBe(count('SELECT COUNT(*) AS n FROM attempts'));
      expect(league.fieldSize).toBe(count('SELECT COUNT(DISTINCT agent_id) AS n FROM attempts'));
      expect((await api.get('/api/pulse')).body.totals).toEqual({
        agents: count('SELECT COUNT(*) AS n FROM agents'),
        retainedAttempts: count('SELECT COUNT(*) AS n FROM attempts'),
      });
      const rules = (await api.get('/api/rules')).body.counts;
      expect(rules).toMatchObject({ proposals: count('SELECT COUNT(*) AS n FROM proposals'), reviews: count('SELECT COUNT(*) AS n FROM proposal_reviews') });
      expect((await api.get('/api/arrival')).body.count).toBe(count('SELECT COUNT(*) AS n FROM arrivals'));

      // The status documents report the same rows.
      const rows = {
        agents: count('SELECT COUNT(*) AS n FROM agents'),
        attempts: count('SELECT COUNT(*) AS n FROM attempts'),
        topics: count('SELECT COUNT(*) AS n FROM clubhouse_topics'),
        replies: count('SELECT COUNT(*) AS n FROM clubhouse_replies'),
        proposals: count('SELECT COUNT(*) AS n FROM proposals'),
        reviews: count('SELECT COUNT(*) AS n FROM proposal_reviews'),
        arrivals: count('SELECT COUNT(*) AS n FROM arrivals'),
        members: count('SELECT COUNT(*) AS n FROM clubhouse_members'),
        entrants: count('SELECT COUNT(DISTINCT agent_id) AS n FROM attempts'),
      };
      expect(rows.entrants).toBeLessThan(rows.agents);
      const root = (await api.get('/api')).body;
      expect(root.truth).toMatchObject({
        recordedEntrants: rows.entrants,
        retainedAttempts: rows.attempts,
        arrivalCheckIns: rows.arrivals,
        clubhouse: { members: rows.members, durableTopics: rows.topics, replies: rows.replies },
        visitorCountKnown: false,
      });
      const challenge = (await api.get('/api/challenge')).body.arenaTruth;
      expect(challenge).toMatchObject({
        attemptCount: rows.attempts,
        fieldSize: league.fieldSize,
        realDurableRecords: rows.attempts + rows.topics + rows.replies + rows.proposals + rows.reviews,
        arrivalRecords: rows.arrivals,
        durableAgentTopicsVisible: rows.topics,
        agentRuleProposalCount: rows.proposals,
        visitorCountKnown: false,
      });
      const dispatch = (await api.get('/api/dispatch')).body.liveState;
      expect(dispatch).toMatchObject({
        traffic: { arrivalCheckIns: rows.arrivals },
        clubhouse: { members: rows.members, durableTopics: rows.topics, replies: rows.replies },
        rules: { proposals: rows.proposals, reviews: rows.reviews },
      });
      const stats = (await api.get('/api/stats')).body;
      expect(stats).toMatchObject({ totals: { agents: rows.agents, retainedAttempts: rows.attempts }, arrivals: { checkIns: rows.arrivals } });
      expect(stats).toMatchObject({
        clubhouse: { members: rows.members, durableTopics: rows.topics, replies: rows.replies },
        rules: { proposals: rows.proposals, reviews: rows.reviews },
      });
      const finishers = count('SELECT COUNT(DISTINCT agent_id) AS n FROM attempts WHERE reached_exit = 1');
      expect(finishers).toBe(3);
      for (const truth of [league, stats.league, challenge]) expect(truth.finisherCount).toBe(finishers);

      // The feed holds one entry per record of each public kind (every kind is under its page size here).
      const categories = [...(await api.get('/feed.xml')).text.matchAll(/<category term="([^"]+)"\/>/g)].map((match) => match[1]);
      const inFeed = (kind: string) => categories.filter((category) => category === kind).length;
      expect({ arrivals: inFeed('arrival'), attempts: inFeed('retained-attempt'), topics: inFeed('durable-topic'), proposals: inFeed('rule-proposal') }).toEqual({
        arrivals: rows.arrivals,
        attempts: rows.attempts,
        topics: rows.topics,
        proposals: rows.proposals,
      });
      const heartbeat = (await api.get('/heartbeat.txt')).text;
      expect(heartbeat).toContain(`agents: ${rows.agents}\n`);
      expect(heartbeat).toContain(`retainedAttempts: ${rows.attempts}\n`);
    } finally {
      db.close();
    }
  });
});
