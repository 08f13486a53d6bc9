/**
 * The Clubhouse's, Rules Desk's and Arrival Hall's atomic writes under concurrency: many calls at
 * once, spread over two clients of the same database where the target has them (two pools on
 * PostgreSQL: real concurrent READ COMMITTED transactions).
 */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';
import { at, digestOf } from '../../support/fixtures/store-records.ts';
import { newArrival, newProposal, newReply, newRevision, newTopic, registeredAgents } from '../../support/fixtures/social-records.ts';
import { all, compactTwiceAtOnce } from './concurrency.ts';
import { expectedRulesCounts, expectSelfConsistent } from './rules.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export function socialConcurrencyCases(context: SuiteContext): void {
  describe('clubhouse, rules desk and arrival hall concurrency', () => {
    it('makes an agent a member once of 20 concurrent joins, and tells every caller that membership', async () => {
      const stores = await context.stores();
      const [agent] = await registeredAgents(context.store, 1);
      const results = await all(stores, 20, (store, index) =>
        store.joinClubhouse({ agentId: agent!.id, via: index % 2 ? 'league-key' : 'registration-capability', joinedAt: at(index) }),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      const winner = results.find((result) => result.created)!.member;
      for (const result of results) expect(result.member).toEqual(winner);
      expect(await context.store.clubhouseMember(agent!.id)).toEqual(winner);
      expect((await context.store.socialCounts()).members).toBe(1);
    });

    it('counts 20 concurrent replies to one topic and 14 concurrent topics exactly', async () => {
      const stores = await context.stores();
      const [author, replier] = await registeredAgents(context.store, 2);
      const topic = await context.store.createTopic(newTopic(author!, { channel: 'clubs' }));
      const replies = await all(stores, 20, (store, index) => store.addReply(newReply(topic, replier!, { createdAt: at(9000 + ((index * 7) % 20)) })));
      expect(replies.every((reply) => reply !== null)).toBe(true);
      const topics = await all(stores, 14, (store, index) => store.createTopic(newTopic(author!, { channel: index % 2 ? 'general' : 'statistics' })));
      expect(await context.store.topicById(topic.id)).toMatchObject({ replyCount: 20, lastReplyAt: at(9019) });
      const counts = await context.store.socialCounts();
      expect(counts).toMatchObject({ topics: 1 + topics.length, replies: 20 });
      expect(counts.topicsByChannel).toMatchObject({ clubs: 1, general: 7, statistics: 7, 'off-topic': 0 });
      await compactTwiceAtOnce(context);
      expect(await context.store.socialCounts()).toEqual(counts);
    });

    it('numbers 20 concurrent proposals 1 to 20, each with its revision 1 and one log entry', async () => {
      const stores = await context.stores();
      const agents = await registeredAgents(context.store, 4);
      const created = await all(stores, 20, (store, index) => store.createProposal(newProposal(agents[index % 4]!)));
      expect(created.map((record) => record.number).sort((a, b) => a - b)).toEqual(range(1, 20));
      expect(new Set(created.map((record) => record.id)).size).toBe(20);
      for (const record of created) {
        const stored = (await context.store.proposalByNumber(record.number))!;
        expect(stored).toEqual(record);
        expect(stored.revisions).toHaveLength(1);
        expect(stored.statusLog).toHaveLength(1);
      }
      expect(await context.store.rulesCounts()).toEqual(expectedRulesCounts(created));
    });

    it('numbers 12 concurrent revisions of one proposal 2 to 13, the last of them its content', async () => {
      const stores = await context.stores();
      const [author] = await registeredAgents(context.store, 1);
      await context.store.createProposal(newProposal(author!));
      const results = await all(stores, 12, (store) => store.addRevision(1, author!.id, newRevision()));
      const numbers = results.map((result) => ('revision' in result ? result.revision.number : result.refused));
      expect([...numbers].sort((a, b) => Number(a) - Number(b))).toEqual(range(2, 13));
      const record = (await context.store.proposalByNumber(1))!;
      expect(record.revisionCount).toBe(13);
      const last = results.find((result) => 'revision' in result && result.revision.number === 13)!;
      expect('revision' in last && last.revision.title).toBe(record.title);
      expectSelfConsistent(record);
    });

    it('keeps every field of 4 concurrent partial revisions, each changing one field', async () => {
      const stores = await context.stores();
      const [author] = await registeredAgents(context.store, 1);
      await context.store.createProposal(newProposal(author!));
      const changes = [{ title: 'New title' }, { summary: 'New summary' }, { ruleText: 'New rule' }, { rationale: 'New rationale' }];
      await all(stores, 4, (store, index) => store.addRevision(1, author!.id, { ...changes[index]!, createdAt: at(index) }));
      const record = (await context.store.proposalByNumber(1))!;
      expect(record.revisionCount).toBe(5);
      expect(record.revisions.at(-1)).toMatchObject({ title: 'New title', summary: 'New summary', ruleText: 'New rule', rationale: 'New rationale' });
      expectSelfConsistent(record);
    });

    it('reviews the latest revision when none is named, even as revisions land meanwhile', async () => {
      const stores = await context.stores();
      const [author, ...reviewers] = await registeredAgents(context.store, 7);
      await context.store.createProposal(newProposal(author!));
      const results = await all<object>(stores, 12, (store, index) =>
        index % 2 === 0
          ? store.addRevision(1, author!.id, newRevision({ createdAt: at(index) }))
          : store.addReview(1, { revision: undefined, reviewerId: reviewers[(index - 1) / 2]!.id, stance: 'neutral', comment: `${index}`, createdAt: at(index) }),
      );
      const record = (await context.store.proposalByNumber(1))!;
      expect(record.revisionCount).toBe(7);
      // Each review landed on a revision that existed, at most one per revision; the rest were told it was taken.
      const reviewed = record.reviews.map((review) => review.revision);
      expect(new Set(reviewed).size).toBe(reviewed.length);
      for (const revision of reviewed) expect(revision).toBeLessThanOrEqual(7);
      const refused = results.filter((result) => 'refused' in result);
      expect(refused.every((result) => 'refused' in result && result.refused === 'taken')).toBe(true);
      expect(record.reviews.length + refused.length).toBe(6);
      expectSelfConsistent(record);
    });

    it('keeps one of 10 concurrent reviews of one revision by different agents', async () => {
      const stores = await context.stores();
      const [author, ...reviewers] = await registeredAgents(context.store, 11);
      await context.store.createProposal(newProposal(author!));
      const results = await all(stores, 10, (store, index) =>
        store.addReview(1, { revision: 1, reviewerId: reviewers[index]!.id, stance: 'support', comment: `by ${index}`, createdAt: at(index) }),
      );
      expect(results.filter((result) => 'review' in result)).toHaveLength(1);
      expect(results.filter((result) => 'refused' in result && result.refused === 'taken')).toHaveLength(9);
      const record = (await context.store.proposalByNumber(1))!;
      expect(record.reviews).toHaveLength(1);
      expect(record.status).toBe('open');
      expectSelfConsistent(record);
      expect((await context.store.rulesCounts()).reviews).toBe(1);
    });

    it('lets one of 10 concurrent transitions from open to under-review through, and logs it once', async () => {
      const stores = await context.stores();
      const [author] = await registeredAgents(context.store, 1);
      await context.store.createProposal(newProposal(author!));
      const results = await all(stores, 10, (store, index) =>
        store.transitionProposal(1, { to: 'under-review', allowedFrom: ['open'], reason: `caller ${index}`, at: at(100 + index) }),
      );
      const changes = results.flatMap((result) => ('change' in result ? [result.change] : []));
      expect(changes).toHaveLength(1);
      expect(results.filter((result) => 'refused' in result && result.refused === 'not-allowed')).toHaveLength(9);
      const record = (await context.store.proposalByNumber(1))!;
      expect(record.statusLog.filter((entry) => entry.from === 'open' && entry.to === 'under-review')).toEqual(changes);
      expect(record.statusLog).toHaveLength(2);
      expectSelfConsistent(record);
      expect((await context.store.rulesCounts()).byStatus).toMatchObject({ open: 0, 'under-review': 1 });
    });

    it('keeps the status, its log, revisions and counts consistent under mixed concurrent changes', async () => {
      const stores = await context.stores();
      const [author, ...others] = await registeredAgents(context.store, 6);
      for (let index = 0; index < 3; index++) await context.store.createProposal(newProposal(author!));
      const targets = ['under-review', 'accepted', 'rejected', 'withdrawn', 'open'] as const;
      await all<unknown>(stores, 45, (store, index) => {
        const number = 1 + (index % 3);
        if (index % 3 === 0) return store.addRevision(number, author!.id, newRevision());
        if (index % 5 === 1) return store.addReview(number, { revision: 1 + (index % 2), reviewerId: others[index % 5]!.id, stance: 'neutral', comment: '', createdAt: at(index) });
        const to = targets[index % targets.length]!;
        return store.transitionProposal(number, { to, allowedFrom: to === 'open' ? ['under-review'] : ['open', 'under-review'], reason: `step ${index}`, at: at(index) });
      });
      const records = await Promise.all([1, 2, 3].map(async (number) => (await context.store.proposalByNumber(number))!));
      for (const record of records) expectSelfConsistent(record);
      expect(await context.store.rulesCounts()).toEqual(expectedRulesCounts(records));
      await compactTwiceAtOnce(context);
      expect(await context.store.rulesCounts()).toEqual(expectedRulesCounts(records));
    });

    it('records exactly 10 of 30 concurrent check-ins by one client with a cap of 10', async () => {
      const stores = await context.stores();
      const client = digestOf(`crowd-${Math.random()}`);
      const results = await all(stores, 30, (store) => store.recordArrival(newArrival({ clientDigest: client }), 10));
      expect(results.filter((result) => 'arrival' in result)).toHaveLength(10);
      expect(results.filter((result) => 'capReached' in result)).toHaveLength(20);
      expect((await context.store.listArrivals({ limit: 100 })).items).toHaveLength(10);
      expect(await context.store.arrivalCount()).toBe(10);
      await compactTwiceAtOnce(context);
      expect(await context.store.arrivalCount()).toBe(10);
    });
  });
}
