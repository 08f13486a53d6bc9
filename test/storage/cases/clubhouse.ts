/** The Clubhouse: membership once, topics in every channel, replies, listings, counts. */
import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../core/store/errors.ts';
import type { AgentRecord } from '../../../core/agents/records.ts';
import { CHANNELS, type Channel, type NewTopic, type ReplyRecord, type SocialCounts, type TopicRecord } from '../../../core/social/records.ts';
import type { SuiteContext } from '../store-suite.ts';
import { allPages } from '../expected.ts';
import { at } from '../../support/fixtures/store-records.ts';
import { seededRandom } from '../../support/fixtures/seeded-random.ts';
import { newestFirst, newReply, newTopic, registeredAgents, summaryOf } from '../../support/fixtures/social-records.ts';

const topicsNewestFirst = newestFirst<TopicRecord>(
  (topic) => topic.createdAt,
  (topic) => topic.id,
);
const oldestFirst = (a: ReplyRecord, b: ReplyRecord) =>
  -newestFirst<ReplyRecord>(
    (reply) => reply.createdAt,
    (reply) => reply.id,
  )(a, b);

/** The record the store gives back for a topic just created. */
function topicOf(topic: NewTopic, author: AgentRecord, replies: ReplyRecord[] = []): TopicRecord {
  const { authorId: _author, ...fields } = topic;
  const last =
    replies
      .map((reply) => reply.createdAt)
      .sort()
      .at(-1) ?? null;
  return { ...fields, author: summaryOf(author), replyCount: replies.length, lastReplyAt: last };
}

function expectedCounts(members: number, topics: TopicRecord[], replies: number): SocialCounts {
  const topicsByChannel = Object.fromEntries(CHANNELS.map((channel) => [channel, topics.filter((topic) => topic.channel === channel).length])) as Record<Channel, number>;
  return { members, topics: topics.length, replies, topicsByChannel };
}

export function clubhouseCases(context: SuiteContext): void {
  describe('clubhouse', () => {
    it('makes an agent a member once and keeps its first membership', async () => {
      const [one, two] = await registeredAgents(context.store, 2);
      const first = { agent: summaryOf(one!), via: 'league-key' as const, joinedAt: at(100) };
      expect(await context.store.joinClubhouse({ agentId: one!.id, via: 'league-key', joinedAt: at(100) })).toEqual({ member: first, created: true });
      expect(await context.store.joinClubhouse({ agentId: one!.id, via: 'registration-capability', joinedAt: at(200) })).toEqual({ member: first, created: false });
      expect(await context.store.clubhouseMember(one!.id)).toEqual(first);
      expect(await context.store.clubhouseMember(two!.id)).toBeNull();
      expect(await context.store.clubhouseMember('agt_missing')).toBeNull();
      await expect(context.store.joinClubhouse({ agentId: 'agt_missing', via: 'league-key', joinedAt: at(300) })).rejects.toThrow();
      const second = await context.store.joinClubhouse({ agentId: two!.id, via: 'registration-capability', joinedAt: at(400) });
      expect(second).toEqual({ member: { agent: summaryOf(two!), via: 'registration-capability', joinedAt: at(400) }, created: true });
      expect((await context.store.socialCounts()).members).toBe(2);
    });

    it('creates a topic in every channel and finds it by id, text and tags exactly', async () => {
      const [author] = await registeredAgents(context.store, 1);
      const created: TopicRecord[] = [];
      for (const [index, channel] of CHANNELS.entries()) {
        const topic = newTopic(author!, {
          channel,
          title: `Ünïcode “title” ${index} 🧪`,
          body: 'quotes " \\ and lines\n\ttabbed, NUL-free, emoji 🧩',
          tags: index === 0 ? [] : ['a', 'B', 'é', `${channel}-${index}`],
        });
        const record = await context.store.createTopic(topic);
        expect(record).toEqual(topicOf(topic, author!));
        created.push(record);
      }
      for (const record of created) expect(await context.store.topicById(record.id)).toEqual(record);
      expect(await context.store.topicById('top_missing')).toBeNull();
      expect(await context.store.socialCounts()).toEqual(expectedCounts(0, created, 0));
    });

    it('adds replies, keeps the topic’s reply count and newest reply time, and refuses an unknown topic', async () => {
      const [author, replier] = await registeredAgents(context.store, 2);
      const topic = newTopic(author!);
      await context.store.createTopic(topic);
      const times = [at(500), at(900), at(700), at(900), at(100)];
      const replies: ReplyRecord[] = [];
      for (const [index, createdAt] of times.entries()) {
        const reply = newReply(topic, index % 2 ? author! : replier!, { createdAt });
        const stored = await context.store.addReply(reply);
        const { authorId: _author, ...fields } = reply;
        expect(stored).toEqual({ ...fields, author: summaryOf(index % 2 ? author! : replier!) });
        replies.push(stored!);
        expect(await context.store.topicById(topic.id)).toEqual(topicOf(topic, author!, replies));
      }
      expect((await context.store.topicById(topic.id))!.lastReplyAt).toBe(at(900));
      expect(await context.store.addReply(newReply({ id: 'top_missing' }, replier!))).toBeNull();
      expect(await context.store.listReplies('top_missing', { limit: 5 })).toEqual({ items: [], next: null });
      expect((await context.store.listReplies(topic.id, { limit: 10 })).items).toEqual([...replies].sort(oldestFirst));
      expect((await context.store.socialCounts()).replies).toBe(replies.length);
    });

    /** Topics over four channels, several sharing a time, ids whose order depends on case; replies on two. */
    async function script() {
      const agents = await registeredAgents(context.store, 3);
      const topics: TopicRecord[] = [];
      const channels: Channel[] = ['general', 'game-design', 'general', 'clubs', 'off-topic'];
      const tiedIds = ['top_Zed', 'top_alpha', 'top_Beta', 'top_123', 'top_beta'];
      for (const [index, id] of tiedIds.entries())
        topics.push(await context.store.createTopic(newTopic(agents[index % 3]!, { id, channel: channels[index]!, createdAt: at(7000) })));
      for (let index = 0; index < 12; index++) {
        topics.push(await context.store.createTopic(newTopic(agents[index % 3]!, { channel: channels[index % channels.length]!, createdAt: at(6000 + ((index * 7) % 11) * 60) })));
      }
      const replies = new Map<string, ReplyRecord[]>();
      for (const topic of [topics[0]!, topics[7]!]) {
        const own: ReplyRecord[] = [];
        for (let index = 0; index < 7; index++) {
          own.push(
            (await context.store.addReply(newReply(topic, agents[index % 3]!, { createdAt: at(8000 + (index % 3) * 10), id: `rep_${topic.id}_${'aZb'[index % 3]}${index}` })))!,
          );
        }
        replies.set(topic.id, own);
      }
      const current = await Promise.all(topics.map(async (topic) => (await context.store.topicById(topic.id))!));
      return { agents, topics: current, replies };
    }

    it('lists topics newest first, all or one channel, across pages of every size, with no gap or repeat', async () => {
      const { topics } = await script();
      const filters: { channel?: Channel }[] = [{}, { channel: 'general' }, { channel: 'clubs' }, { channel: 'game-design' }];
      for (const filter of filters) {
        const expected = topics.filter((topic) => filter.channel === undefined || topic.channel === filter.channel).sort(topicsNewestFirst);
        expect(expected.length).toBeGreaterThan(2);
        for (const limit of [1, 2, 3, expected.length, expected.length + 5]) {
          const { items, pages } = await allPages(limit, (after) => context.store.listTopics(filter, { limit, after }));
          expect(items.map((topic) => topic.id)).toEqual(expected.map((topic) => topic.id));
          expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
        }
        expect((await context.store.listTopics(filter, { limit: 100 })).items).toEqual(expected);
      }
      expect(await context.store.listTopics({ channel: 'statistics' }, { limit: 5 })).toEqual({ items: [], next: null });
    });

    it('lists one author’s topics newest first (with a channel too), across pages, and no one else’s', async () => {
      const { agents, topics } = await script();
      for (const filter of [{ authorId: agents[0]!.id }, { authorId: agents[1]!.id }, { authorId: agents[2]!.id, channel: 'general' as Channel }]) {
        const expected = topics.filter((topic) => topic.author.id === filter.authorId && (!('channel' in filter) || topic.channel === filter.channel)).sort(topicsNewestFirst);
        expect(expected.length).toBeGreaterThan(0);
        for (const limit of [1, 2, expected.length + 1]) {
          const { items } = await allPages(limit, (after) => context.store.listTopics(filter, { limit, after }));
          expect(items).toEqual(expected);
        }
      }
      expect(await context.store.listTopics({ authorId: 'agt_missing' }, { limit: 5 })).toEqual({ items: [], next: null });
      // A cursor of one author's listing is no cursor of another's.
      const { next } = await context.store.listTopics({ authorId: agents[0]!.id }, { limit: 1 });
      await expect(context.store.listTopics({ authorId: agents[1]!.id }, { limit: 1, after: next! })).rejects.toThrow();
    });

    it('lists a topic’s replies oldest first across pages, and only that topic’s', async () => {
      const { replies } = await script();
      for (const [topicId, own] of replies) {
        const expected = [...own].sort(oldestFirst);
        for (const limit of [1, 2, 3, expected.length, expected.length + 1]) {
          const { items } = await allPages(limit, (after) => context.store.listReplies(topicId, { limit, after }));
          expect(items).toEqual(expected);
        }
      }
    });

    it('keeps every count exact, every channel present, over members, topics and replies', async () => {
      const next = seededRandom(20310401);
      const agents = await registeredAgents(context.store, 6);
      expect(await context.store.socialCounts()).toEqual(expectedCounts(0, [], 0));
      const topics: TopicRecord[] = [];
      let members = 0;
      let replies = 0;
      for (let step = 0; step < 40; step++) {
        const agent = agents[Math.floor(next() * agents.length)]!;
        const roll = next();
        if (roll < 0.2) {
          if ((await context.store.joinClubhouse({ agentId: agent.id, via: 'league-key', joinedAt: at(step) })).created) members++;
        } else if (roll < 0.55 || topics.length === 0) {
          // Only some channels get topics: the others must still be present, at zero.
          topics.push(await context.store.createTopic(newTopic(agent, { channel: CHANNELS[Math.floor(next() * 4) * 2]! })));
        } else {
          if (await context.store.addReply(newReply(topics[Math.floor(next() * topics.length)]!, agent))) replies++;
        }
      }
      expect(members).toBeGreaterThan(1);
      expect(await context.store.socialCounts()).toEqual(expectedCounts(members, topics, replies));
    });

    it('throws InvalidCursorError for a cursor it did not issue for this listing', async () => {
      const { topics } = await script();
      const { next } = await context.store.listTopics({ channel: 'general' }, { limit: 1 });
      expect(next).not.toBeNull();
      const thread = await context.store.listReplies(topics[0]!.id, { limit: 1 });
      expect(thread.next).not.toBeNull();
      for (const after of ['', 'not a cursor!', next!.slice(0, -3)])
        await expect(context.store.listTopics({ channel: 'general' }, { limit: 1, after })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listTopics({}, { limit: 1, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listTopics({ channel: 'clubs' }, { limit: 1, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listReplies(topics[0]!.id, { limit: 1, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listReplies(topics[7]!.id, { limit: 1, after: thread.next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listAttempts({}, { limit: 1, after: thread.next! })).rejects.toThrow(InvalidCursorError);
      expect((await context.store.listTopics({ channel: 'general' }, { limit: 1, after: next! })).items).toHaveLength(1);
      expect((await context.store.listReplies(topics[0]!.id, { limit: 1, after: thread.next! })).items).toHaveLength(1);
    });
  });
}
