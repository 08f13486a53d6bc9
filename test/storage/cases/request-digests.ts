/**
 * A durable write repeated by the same request (the same request digest: a retry whose first
 * answer was lost) finds what the first one wrote, and writes nothing more: every write verb,
 * also where the repeat would otherwise be refused (a reached limit, a taken review, a status
 * already moved).
 */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';
import { at, DAY_1, digestOf, newAgent, newAttempt, registeredOf, retainedOf } from '../../support/fixtures/store-records.ts';
import { newArrival, newProposal, newReply, newRevision, newTopic, registeredAgents } from '../../support/fixtures/social-records.ts';

let sequence = 0;
/** A fresh request digest. */
const request = () => digestOf(`request-${++sequence}-${Math.random()}`);

export function requestDigestCases(context: SuiteContext): void {
  describe('a write repeated by the same request', () => {
    it('retains an attempt once, even once the day’s limit is reached', async () => {
      const [agent] = await registeredAgents(context.store, 1);
      const first = { ...newAttempt(agent!), requestDigest: request() };
      expect(await context.store.retainAttempt(first, 2)).toEqual({ attempt: retainedOf(stripped(first), 1) });
      // The retry scores again and so carries a new id and time: the first attempt comes back.
      expect(await context.store.retainAttempt({ ...newAttempt(agent!), requestDigest: first.requestDigest }, 2)).toEqual({ attempt: retainedOf(stripped(first), 1) });
      const last = { ...newAttempt(agent!), requestDigest: request() };
      expect(await context.store.retainAttempt(last, 2)).toEqual({ attempt: retainedOf(stripped(last), 2) });
      expect(await context.store.retainAttempt({ ...newAttempt(agent!), requestDigest: last.requestDigest }, 2)).toEqual({ attempt: retainedOf(stripped(last), 2) });
      expect(await context.store.retainAttempt({ ...newAttempt(agent!), requestDigest: request() }, 2)).toEqual({ limitReached: true });
      expect(await context.store.dayCounts(DAY_1)).toMatchObject({ attemptCount: 2 });
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 2 });
      // A replay finds each attempt by its request, and none for a request that retained none.
      expect(await context.store.attemptByRequest(first.requestDigest)).toEqual(retainedOf(stripped(first), 1));
      expect(await context.store.attemptByRequest(last.requestDigest)).toEqual(retainedOf(stripped(last), 2));
      expect(await context.store.attemptByRequest(request())).toBeNull();
    });

    it('registers an agent once, and says it created it when this request did', async () => {
      const agent = { ...newAgent(), requestDigest: request() };
      expect(await context.store.registerAgent(agent)).toEqual(registeredOf(stripped(agent), true));
      expect(await context.store.registerAgent({ ...agent, id: 'agt_retry' })).toEqual(registeredOf(stripped(agent), true));
      // Another request with the same key (a second join with the same nonce) did not create it.
      expect(await context.store.registerAgent({ ...agent, id: 'agt_other', requestDigest: request() })).toEqual(registeredOf(stripped(agent), false));
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 0, attempts: 0 });
    });

    it('makes a member once, and says it did when this request did', async () => {
      const [agent] = await registeredAgents(context.store, 1);
      const join = { agentId: agent!.id, via: 'league-key' as const, joinedAt: at(1), requestDigest: request() };
      expect((await context.store.joinClubhouse(join)).created).toBe(true);
      expect((await context.store.joinClubhouse({ ...join, joinedAt: at(2) })).created).toBe(true);
      expect((await context.store.joinClubhouse({ ...join, requestDigest: request() })).created).toBe(false);
      expect((await context.store.socialCounts()).members).toBe(1);
    });

    it('opens a topic and adds a reply once', async () => {
      const [author] = await registeredAgents(context.store, 1);
      const topic = { ...newTopic(author!), requestDigest: request() };
      const created = await context.store.createTopic(topic);
      expect(await context.store.createTopic({ ...newTopic(author!), requestDigest: topic.requestDigest })).toEqual(created);
      const reply = { ...newReply(created, author!), requestDigest: request() };
      const added = await context.store.addReply(reply);
      expect(added).not.toBeNull();
      expect(await context.store.addReply({ ...newReply(created, author!), requestDigest: reply.requestDigest })).toEqual(added);
      expect(await context.store.socialCounts()).toMatchObject({ topics: 1, replies: 1 });
      expect((await context.store.topicById(created.id))?.replyCount).toBe(1);
    });

    it('files a proposal, its revision, its review and a status change once each', async () => {
      const [author, reviewer] = await registeredAgents(context.store, 2);
      const proposal = { ...newProposal(author!), requestDigest: request() };
      const filed = await context.store.createProposal(proposal);
      expect(await context.store.createProposal({ ...newProposal(author!), requestDigest: proposal.requestDigest })).toEqual(filed);

      const revision = { ...newRevision(), requestDigest: request() };
      const revised = await context.store.addRevision(filed.number, author!.id, revision);
      expect(revised).toMatchObject({ revision: { number: 2 } });
      expect(await context.store.addRevision(filed.number, author!.id, { ...newRevision(), requestDigest: revision.requestDigest })).toEqual(revised);

      const review = { revision: 2, reviewerId: reviewer!.id, stance: 'support' as const, comment: 'Sound.', createdAt: at(70_000), requestDigest: request() };
      const reviewed = await context.store.addReview(filed.number, review);
      expect(reviewed).toHaveProperty('review');
      expect(await context.store.addReview(filed.number, { ...review, createdAt: at(70_001) })).toEqual(reviewed);
      expect(await context.store.addReview(filed.number, { ...review, requestDigest: request() })).toEqual({ refused: 'taken' });

      const change = { to: 'under-review' as const, allowedFrom: ['open' as const], reason: 'Looking.', at: at(80_000), requestDigest: request() };
      const moved = await context.store.transitionProposal(filed.number, change);
      expect(moved).toEqual({ change: { from: 'open', to: 'under-review', reason: 'Looking.', at: at(80_000) } });
      expect(await context.store.transitionProposal(filed.number, { ...change, at: at(80_001) })).toEqual(moved);
      // A change made outside a request carries no digest, and never an earlier change's.
      expect(await context.store.transitionProposal(filed.number, { to: 'accepted', allowedFrom: ['under-review'], reason: 'Yes.', at: at(80_002) })).toHaveProperty('change');
      expect(await context.store.transitionProposal(filed.number, { ...change, at: at(80_003) })).toEqual(moved);

      const record = await context.store.proposalByNumber(filed.number);
      expect(record).toMatchObject({ status: 'accepted', revisionCount: 2, reviewCount: 1 });
      expect(record?.statusLog).toHaveLength(3);
      expect(await context.store.rulesCounts()).toMatchObject({ proposals: 1, reviews: 1 });
    });

    it('records a check-in once, even at the day’s cap', async () => {
      const clientDigest = digestOf('one-client');
      const first = { ...newArrival({ clientDigest }), requestDigest: request() };
      const recorded = await context.store.recordArrival(first, 1);
      expect(recorded).toHaveProperty('arrival');
      expect(await context.store.recordArrival({ ...newArrival({ clientDigest }), requestDigest: first.requestDigest }, 1)).toEqual(recorded);
      expect(await context.store.recordArrival({ ...newArrival({ clientDigest }), requestDigest: request() }, 1)).toEqual({ capReached: true });
      expect(await context.store.arrivalCount()).toBe(1);
    });
  });
}

/** The record as given, without the digest that only the store keeps. */
function stripped<Record extends { requestDigest?: string }>(record: Record): Omit<Record, 'requestDigest'> {
  const { requestDigest: _, ...rest } = record;
  return rest;
}
