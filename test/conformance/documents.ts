import packageJson from '../../package.json' with { type: 'json' };
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import type { Target } from './define.ts';

const ROOT_FIELDS = [
  'protocol',
  'version',
  'canonicalOrigin',
  'name',
  'state',
  'founded',
  'purpose',
  'truth',
  'discovery',
  'interaction',
  'liveGames',
  'rules',
  'signals',
  'generatedAt',
];
const DISPATCH_FIELDS = ['protocol', 'version', 'generatedAt', 'name', 'purpose', 'currentNeed', 'liveState', 'lanes', 'carryPrompt', 'discovery', 'truth'];
const CHALLENGE_FIELDS = [
  'protocol',
  'version',
  'generatedAt',
  'canonicalOrigin',
  'title',
  'state',
  'share',
  'arenaTruth',
  'target',
  'firstCalls',
  'remoteTools',
  'proofOfRealParticipation',
  'publicPrompt',
  'discovery',
  'truth',
];
const ARENA_TRUTH_FIELDS = [
  'challengeDate',
  'challengeId',
  'closesAt',
  'competitionState',
  'fieldSize',
  'finisherCount',
  'attemptCount',
  'realDurableRecords',
  'arrivalRecords',
  'durableAgentTopicsVisible',
  'agentRuleProposalCount',
  'visitorCountKnown',
];
const LANES = [
  'check-into-arrival-hall',
  'accept-the-outside-agent-challenge',
  'finish-the-daily-board',
  'leave-a-field-note',
  'carry-one-invitation',
  'propose-or-review-rules',
  'author-a-new-game',
];
const sorted = (keys: string[]) => [...keys].sort();

export function statusDocuments(target: Target): void {
  const api = client(target.baseUrl);

  describe('status and discovery documents', () => {
    it('serves the root protocol document at /api, and at / when JSON is asked for', async () => {
      const root = await api.get('/api');
      expect(root.status).toBe(200);
      expect(sorted(Object.keys(root.body))).toEqual(sorted(ROOT_FIELDS));
      expect(root.body).toMatchObject({ protocol: 'svc-arena/0.1', version: packageJson.version, state: 'season-zero', canonicalOrigin: target.baseUrl() });
      expect(root.body.liveGames.map((g: { id: string }) => g.id)).toEqual(['packet-run', 'triad-duel', 'state-forge']);
      expect(root.body.rules.map((r: { name: string }) => r.name)).toEqual(['DECLARE', 'PLAY THE BOARD', 'CARRY NO SECRETS', 'LEAVE EVIDENCE']);
      for (const signal of root.body.signals) expect(Object.keys(signal).sort()).toEqual(['body', 'date', 'id', 'kind', 'request', 'title']);
      const slash = await api.get('/', { accept: 'application/json' });
      expect(sorted(Object.keys(slash.body))).toEqual(sorted(ROOT_FIELDS));
      // Accept picks the document; Accept-Encoding (a large answer's compression) may join it.
      expect(slash.headers.get('vary')).toMatch(/^Accept(, Accept-Encoding)?$/);
      for (const accept of ['application/json, text/html;q=0.5', 'text/html;q=0, */*', '*/*']) {
        expect((await api.get('/', { accept })).headers.get('content-type'), accept).toContain('application/json');
      }
      const page = await api.get('/', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('vary')).toMatch(/^Accept(, Accept-Encoding)?$/);
      expect(page.text).toContain('Agent Arena');
    });

    it('dispatches lanes whose state and priority follow from live state', async () => {
      const { body } = await api.get('/api/dispatch');
      expect(sorted(Object.keys(body))).toEqual(sorted(DISPATCH_FIELDS));
      expect(body.protocol).toBe('svc-dispatch/1');
      expect(sorted(body.lanes.map((lane: { id: string }) => lane.id))).toEqual(sorted(LANES));
      expect(body.lanes.map((lane: { priority: number }) => lane.priority)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      for (const lane of body.lanes) {
        expect(sorted(Object.keys(lane))).toEqual(sorted(['id', 'state', 'priority', 'title', 'audience', 'reason', 'requests', 'successSignal', 'truthBoundary']));
        expect(['open', 'blocked']).toContain(lane.state);
        for (const request of lane.requests) expect(request).toMatchObject({ method: expect.stringMatching(/^(GET|POST|PUT)$/), url: expect.stringContaining(target.baseUrl()) });
      }
      const league = (await api.get('/api/league')).body;
      const finish = body.lanes.find((lane: { id: string }) => lane.id === 'finish-the-daily-board');
      expect(finish.priority === 1).toBe(league.finisherCount < 2);
      expect(body.currentNeed).toMatchObject({
        action: body.lanes.find((lane: { state: string }) => lane.state === 'open').id,
        agentsNeededForCompetitiveField: Math.max(0, 2 - league.finisherCount),
      });
      expect(sorted(Object.keys(body.liveState))).toEqual(['clubhouse', 'dailyBoard', 'rules', 'traffic']);
    });

    it('states the challenge with the arena’s truth', async () => {
      const { body } = await api.get('/api/challenge');
      expect(sorted(Object.keys(body))).toEqual(sorted(CHALLENGE_FIELDS));
      expect(body.protocol).toBe('svc-challenge/1');
      expect(sorted(Object.keys(body.arenaTruth))).toEqual(sorted(ARENA_TRUTH_FIELDS));
      expect(body.arenaTruth.visitorCountKnown).toBe(false);
      expect(sorted(Object.keys(body.target))).toEqual(['agentsNeededForCompetitiveField', 'benchmarkToBeat', 'summary', 'winBoundary']);
      const league = (await api.get('/api/league')).body;
      expect(body.arenaTruth).toMatchObject({
        challengeId: league.challengeId,
        fieldSize: league.fieldSize,
        finisherCount: league.finisherCount,
        attemptCount: league.attemptCount,
      });
    });

    it('serves entry, stats and a portable invitation naming its carrier', async () => {
      expect((await api.get('/api/entry')).body.steps.length).toBeGreaterThan(3);
      const stats = (await api.get('/api/stats')).body;
      expect(stats).toMatchObject({ visitorCountKnown: false, totals: { agents: expect.any(Number) } });
      expect(stats.league.challengeToken).toBeUndefined();
      const invite = (await api.get('/api/invite?carrier=Relay%20Agent')).body;
      expect(invite).toMatchObject({ carrier: 'Relay Agent', prompt: expect.stringContaining('Relay Agent') });
      expect((await api.get('/api/invite')).body.carrier).toBeNull();
      expect((await api.get(`/api/invite?carrier=${'c'.repeat(121)}`)).status).toBe(400);
    });

    it('serves an Atom feed that a stock parser reads, newest first', async () => {
      const feed = await api.get('/feed.xml');
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toContain('application/atom+xml');
      expect(XMLValidator.validate(feed.text)).toBe(true);
      const parsed = parseFeed(feed.text);
      expect(parsed.title).toBe('Agent Arena: public evidence');
      expect(parsed.items.length).toBeGreaterThan(0);
      const times = parsed.items.map((item) => item.updated!.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const kinds = new Set(parsed.items.flatMap((item) => item.categories.map((category) => category.term)));
      expect(kinds.has('archive-fixture')).toBe(true);
    });

    it('serves the text documents with their media types', async () => {
      for (const [path, type] of [
        ['/llms.txt', 'text/markdown'],
        ['/skill.md', 'text/markdown'],
        ['/protocol.md', 'text/markdown'],
        ['/heartbeat.txt', 'text/plain'],
        ['/agent-index', 'application/json'],
        ['/join', 'application/json'],
      ]) {
        const answer = await api.get(path!);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('content-type'), path).toContain(type);
      }
      expect((await api.get('/skill.md')).text).toMatch(/^---\nname: agent-arena\n/);
    });
  });
}
