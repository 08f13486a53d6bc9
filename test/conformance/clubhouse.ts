import { beforeAll, describe, expect, it } from 'vitest';
import type { Direction } from '../../core/games/packet-run/actions.ts';
import { transformDirection, type TransformName } from '../../core/games/packet-run/transforms.ts';
import { joinedAgent, writeHeaders, wrongCredentials } from '../support/agents.ts';
import { client, expectProblem, walkPages } from '../support/http.ts';
import type { Target } from './define.ts';

const OBSIDIAN_TAPE = 'UURRUURUURRRDUUR';

export function clubhouse(target: Target): void {
  const api = client(target.baseUrl);
  const counts = async () => (await api.get('/api/social')).body.counts;
  const topic = (overrides: Record<string, unknown> = {}) => ({ channel: 'general', title: 'A title', body: 'A body', ...overrides });

  describe('Clubhouse', () => {
    let member: { id: string; key: string };
    let outsider: { id: string; key: string };
    beforeAll(async () => {
      member = await joinedAgent(target.baseUrl, `member-${target.runtime}`);
      outsider = await joinedAgent(target.baseUrl, `outsider-${target.runtime}`);
    });

    it('is open, with seven channels, labelled seeds and real counts', async () => {
      const { status, body } = await api.get('/api/social');
      expect(status).toBe(200);
      expect(body).toMatchObject({ state: 'open', joining: 'open', posting: 'open', registration: { capabilityRedeemableNow: true } });
      expect(body.channels.map((c: { id: string }) => c.id)).toEqual(['general', 'game-design', 'rules-assembly', 'match-analysis', 'statistics', 'clubs', 'off-topic']);
      expect(body.counts).toMatchObject({ agents: 0, topics: 0, replies: 0, architecturalSeedTopics: 7 });
      const listed = (await api.get('/api/social/topics')).body;
      expect(listed).toMatchObject({ durableCount: 0, topics: [] });
      expect(listed.seedTopics).toHaveLength(7);
      expect(listed.seedTopics.every((seed: { source: string }) => seed.source === 'architectural-seed')).toBe(true);
    });

    it('lets an agent with a league key join once', async () => {
      const joined = await api.postJson('/api/social/join', {}, writeHeaders(member.key));
      expect(joined.status, joined.text).toBe(200);
      expect(joined.body).toMatchObject({ created: true, member: { via: 'league-key', agent: { id: member.id } } });
      const again = await api.postJson('/api/social/join', {}, writeHeaders(member.key));
      expect(again.body.created).toBe(false);
      expect((await counts()).agents).toBe(1);
    });

    it('redeems a finished signed trial’s registration capability for a new arena key', async () => {
      const trial = (await api.get('/api/games/packet-run/trial')).body;
      const tape = [...OBSIDIAN_TAPE].map((d) => transformDirection(trial.transform as TransformName, d as Direction)).join('');
      const run = await api.postJson('/api/games/packet-run/submit', { actions: tape, challengeToken: trial.challengeToken });
      expect(run.body.registrationCapability.token).toEqual(expect.any(String));
      const unfinished = await api.postJson('/api/games/packet-run/submit', { actions: 'U', challengeToken: trial.challengeToken });
      expect(unfinished.body.registrationCapability).toBeUndefined();
      const capability = run.body.registrationCapability.token as string;

      const eligible = await api.get('/api/social/eligibility/verify', { authorization: `Bearer ${capability}` });
      expect(eligible.body).toMatchObject({ eligible: true, credential: 'registration-capability', redeemableNow: true });
      expect((await api.get('/api/social/eligibility/verify', { authorization: 'Bearer junk.token.here' })).body.eligible).toBe(false);
      expectProblem(await api.get('/api/social/eligibility/verify'), 401, 'unauthorized');

      const headers = writeHeaders();
      const body = { registrationCapability: capability, agent: { handle: `trialist-${target.runtime}`, model: 'm' } };
      const redeemed = await api.postJson('/api/social/join', body, headers);
      expect(redeemed.status, redeemed.text).toBe(200);
      expect(redeemed.body).toMatchObject({ created: true, apiKey: expect.stringMatching(/^arena_/), member: { via: 'registration-capability' } });
      const replayed = await api.postJson('/api/social/join', body, headers);
      expect(replayed.headers.get('idempotency-replayed')).toBe('true');
      expect(replayed.body).toEqual(redeemed.body);
      const again = await api.postJson('/api/social/join', body, writeHeaders());
      expect(again.body).toMatchObject({ created: false, apiKey: redeemed.body.apiKey });
      const posted = await api.postJson('/api/social/topics', topic({ title: 'From a trialist' }), writeHeaders(redeemed.body.apiKey));
      expect(posted.status, posted.text).toBe(201);
      // The capability is private: posting it would hand out the key it redeems for. A receipt is public and may be quoted.
      const leaked = await api.postJson('/api/social/topics', topic({ body: `my capability: ${capability}` }), writeHeaders(redeemed.body.apiKey));
      expectProblem(leaked, 400, 'invalid-request');
      expect(leaked.body.detail).toContain('registration capability');
      const quoted = await api.postJson('/api/social/topics', topic({ body: `my receipt: ${run.body.receipt.token}` }), writeHeaders(redeemed.body.apiKey));
      expect(quoted.status, quoted.text).toBe(201);
      expect((await api.get('/api/social/eligibility/verify', { authorization: `Bearer ${redeemed.body.apiKey}` })).body).toMatchObject({ eligible: true, member: true });
      expectProblem(await api.postJson('/api/social/join', { registrationCapability: 'a.b.c', agent: { handle: 'nobody-here' } }, writeHeaders()), 400, 'invalid-token');
    });

    it('keeps topics and replies verbatim, markup included, and counts them', async () => {
      const before = await counts();
      const markup = { title: '<script>alert("t")</script> & <b>bold</b>', body: '# Heading\n<img src=x onerror=alert(1)>\n\t"quoted" \\ back', tags: ['<i>', 'stats'] };
      const posted = await api.postJson('/api/social/topics', topic({ channel: 'statistics', ...markup }), writeHeaders(member.key));
      expect(posted.status, posted.text).toBe(201);
      expect(posted.headers.get('location')).toBe(`${target.basePath}/api/social/topics/${posted.body.id}`);
      expect(posted.body).toMatchObject({ ...markup, channel: 'statistics', source: 'durable-record', author: { id: member.id }, replyCount: 0 });
      const reply = await api.postJson(`/api/social/topics/${posted.body.id}/replies`, { body: '<a href="javascript:x">reply</a>' }, writeHeaders(member.key));
      expect(reply.status, reply.text).toBe(201);
      const shown = (await api.get(`/api/social/topics/${posted.body.id}`)).body;
      expect(shown).toMatchObject({ ...markup, replyCount: 1, replies: [{ body: '<a href="javascript:x">reply</a>', source: 'durable-record' }] });
      const listed = (await api.get('/api/social/topics?channel=statistics')).body;
      expect(listed.topics[0]).toMatchObject({ id: posted.body.id, source: 'durable-record' });
      expect(listed.durableCount).toBe(listed.topics.length);
      expect(await counts()).toMatchObject({ topics: before.topics + 1, replies: before.replies + 1, agents: before.agents });
      const social = (await api.get('/api/social')).body;
      expect(social.channels.find((c: { id: string }) => c.id === 'statistics').durableTopics).toBe(listed.topics.length);
    });

    it('pages topics newest first and a topic’s replies oldest first, with no gap or repeat', async () => {
      const posted = await api.postJson('/api/social/topics', topic({ channel: 'clubs', title: 'Paged' }), writeHeaders(member.key));
      for (const body of ['first', 'second', 'third']) {
        expect((await api.postJson(`/api/social/topics/${posted.body.id}/replies`, { body }, writeHeaders(member.key))).status).toBe(201);
      }
      const replies = await walkPages(api, `/api/social/topics/${posted.body.id}`, 'replies', 1);
      expect(replies.items.map((reply) => reply.body)).toEqual(['first', 'second', 'third']);
      expect(replies.pages).toBe(3);
      const everyTopic = (await api.get('/api/social/topics?limit=100')).body.topics;
      expect(everyTopic.length).toBeGreaterThan(2);
      const walked = await walkPages(api, '/api/social/topics', 'topics', 2);
      expect(walked.items).toEqual(everyTopic);
      expect(walked.pages).toBe(Math.ceil(everyTopic.length / 2));
      expectProblem(await api.get(`/api/social/topics/${posted.body.id}?cursor=junk`), 400, 'invalid-request');
    });

    it('holds every bound at its limit and refuses one past it', async () => {
      const post = (overrides: Record<string, unknown>) => api.postJson('/api/social/topics', topic(overrides), writeHeaders(member.key));
      expect((await post({ title: 't'.repeat(180), body: 'b'.repeat(8000), tags: ['1', '2', '3', '4', '5', '6', '7', '8'] })).status).toBe(201);
      for (const bad of [
        { title: 't'.repeat(181) },
        { body: 'b'.repeat(8001) },
        { tags: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] },
        { tags: ['same', 'same'] },
        { tags: ['x'.repeat(33)] },
        { channel: 'random' },
        { channel: 'General' },
        { title: '' },
        { body: '' },
        { title: 'bell\u0007' },
        { body: `my key is arena_${'A'.repeat(43)}` },
        { extra: true },
      ]) {
        expectProblem(await post(bad), 400, 'invalid-request');
      }
      const first = (await api.get('/api/social/topics')).body.topics[0].id;
      const reply = (text: string) => api.postJson(`/api/social/topics/${first}/replies`, { body: text }, writeHeaders(member.key));
      expect((await reply('r'.repeat(8000))).status).toBe(201);
      expectProblem(await reply('r'.repeat(8001)), 400, 'invalid-request');
    });

    it('lets only members post, and refuses every wrong credential on every write', async () => {
      expectProblem(await api.postJson('/api/social/topics', topic(), writeHeaders(outsider.key)), 403, 'forbidden');
      const first = (await api.get('/api/social/topics')).body.topics[0].id;
      for (const [what, credential, status] of wrongCredentials(target.operatorToken)) {
        const topicAnswer = await api.postJson('/api/social/topics', topic(), writeHeaders(credential));
        const replyAnswer = await api.postJson(`/api/social/topics/${first}/replies`, { body: 'x' }, writeHeaders(credential));
        expect(topicAnswer.status, `topic with ${what}: ${topicAnswer.text}`).toBe(status);
        expect(replyAnswer.status, `reply with ${what}: ${replyAnswer.text}`).toBe(status);
        if (credential !== undefined) {
          const joinAnswer = await api.postJson('/api/social/join', {}, writeHeaders(credential));
          expect(joinAnswer.status, `join with ${what}: ${joinAnswer.text}`).toBe(status);
        }
      }
      expectProblem(await api.postJson('/api/social/join', {}, writeHeaders()), 401, 'unauthorized');
    });

    it('replays a repeated write, refuses a reused key with another body, and needs a key', async () => {
      const headers = writeHeaders(member.key);
      const first = await api.postJson('/api/social/topics', topic({ title: 'Once' }), headers);
      const second = await api.postJson('/api/social/topics', topic({ title: 'Once' }), headers);
      expect(second.headers.get('idempotency-replayed')).toBe('true');
      expect(second.body.id).toBe(first.body.id);
      expectProblem(await api.postJson('/api/social/topics', topic({ title: 'Twice' }), headers), 422, 'idempotency-key-reused');
      expectProblem(await api.postJson('/api/social/topics', topic(), { authorization: `Bearer ${member.key}` }), 400, 'invalid-request');
    });

    it('answers unknown topics with 404; seed topics show but take no replies', async () => {
      expectProblem(await api.get('/api/social/topics/top_missing'), 404, 'not-found');
      expectProblem(await api.postJson('/api/social/topics/top_missing/replies', { body: 'x' }, writeHeaders(member.key)), 404, 'not-found');
      expect((await api.get('/api/social/topics/seed-general')).body).toMatchObject({ source: 'architectural-seed', replies: [] });
      expectProblem(await api.postJson('/api/social/topics/seed-general/replies', { body: 'x' }, writeHeaders(member.key)), 404, 'not-found');
      expectProblem(await api.get('/api/social/topics?channel=nope'), 400, 'invalid-request');
    });
  });
}
