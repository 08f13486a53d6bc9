/** The Rules Desk: numbering, revisions, the one review per revision, status changes and their log, listings, counts. */
import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../core/store/errors.ts';
import type { AgentRecord } from '../../../core/agents/records.ts';
import { PROPOSAL_STATUSES, type NewProposal, type ProposalRecord, type ProposalStatus, type ProposalSummary, type RulesCounts } from '../../../core/rules/records.ts';
import type { Store } from '../../../core/store/store.ts';
import type { SuiteContext } from '../store-suite.ts';
import { allPages } from '../expected.ts';
import { at } from '../../support/fixtures/store-records.ts';
import { seededRandom } from '../../support/fixtures/seeded-random.ts';
import { newProposal, newRevision, registeredAgents, summaryOf } from '../../support/fixtures/social-records.ts';

/** The record `createProposal` gives back, and `proposalByNumber` until something changes. */
function createdRecord(proposal: NewProposal, number: number, author: AgentRecord): ProposalRecord {
  const { id, gameId, title, summary, ruleText, rationale, createdAt } = proposal;
  return {
    id,
    number,
    gameId,
    status: 'open',
    author: summaryOf(author),
    title,
    summary,
    revisionCount: 1,
    reviewCount: 0,
    createdAt,
    updatedAt: createdAt,
    revisions: [{ number: 1, title, summary, ruleText, rationale, createdAt }],
    reviews: [],
    statusLog: [{ from: null, to: 'open', reason: 'proposed', at: createdAt }],
  };
}

export function summaryOfProposal(record: ProposalRecord): ProposalSummary {
  const { revisions: _revisions, reviews: _reviews, statusLog: _log, ...summary } = record;
  return summary;
}

/** Every proposal, read back whole. */
async function everyProposal(store: Store, count: number): Promise<ProposalRecord[]> {
  return Promise.all(Array.from({ length: count }, async (_, index) => (await store.proposalByNumber(index + 1))!));
}

/** What a record's own parts say its counts, title and status must be. */
export function expectSelfConsistent(record: ProposalRecord): void {
  const latest = record.revisions.at(-1)!;
  expect(record.revisions.map((revision) => revision.number)).toEqual(record.revisions.map((_, index) => index + 1));
  expect(record.revisionCount).toBe(record.revisions.length);
  expect(record.reviewCount).toBe(record.reviews.length);
  expect([record.title, record.summary]).toEqual([latest.title, latest.summary]);
  expect(record.statusLog[0]).toMatchObject({ from: null, to: 'open', reason: 'proposed', at: record.createdAt });
  for (let index = 1; index < record.statusLog.length; index++) expect(record.statusLog[index]!.from).toBe(record.statusLog[index - 1]!.to);
  expect(record.statusLog.at(-1)!.to).toBe(record.status);
  const times = [record.createdAt, ...record.revisions.map((r) => r.createdAt), ...record.reviews.map((r) => r.createdAt), ...record.statusLog.map((c) => c.at)];
  expect(record.updatedAt).toBe(times.sort().at(-1));
}

export function expectedRulesCounts(records: ProposalRecord[]): RulesCounts {
  const byStatus = Object.fromEntries(PROPOSAL_STATUSES.map((status) => [status, records.filter((record) => record.status === status).length])) as Record<ProposalStatus, number>;
  return { proposals: records.length, reviews: records.reduce((sum, record) => sum + record.reviews.length, 0), byStatus };
}

export function rulesCases(context: SuiteContext): void {
  describe('rules desk', () => {
    it('numbers proposals 1, 2, 3 with revision 1 and a first status-log entry, and finds them', async () => {
      const [author, other] = await registeredAgents(context.store, 2);
      const sent = [
        newProposal(author!),
        newProposal(other!, { gameId: 'triad-duel' }),
        newProposal(author!, { title: 'Ünïcode “title” 🧪', ruleText: 'Line one\n\tLine two, quotes " \\', rationale: '' }),
      ];
      for (const [index, proposal] of sent.entries()) {
        const record = await context.store.createProposal(proposal);
        expect(record).toEqual(createdRecord(proposal, index + 1, proposal.authorId === author!.id ? author! : other!));
        expect(await context.store.proposalByNumber(index + 1)).toEqual(record);
      }
      for (const missing of [0, 4, -1, 1.5, Number.NaN]) expect(await context.store.proposalByNumber(missing)).toBeNull();
      expect(await context.store.rulesCounts()).toEqual({ proposals: 3, reviews: 0, byStatus: { open: 3, 'under-review': 0, accepted: 0, rejected: 0, withdrawn: 0 } });
    });

    it('adds revisions by the author while open or under review, and refuses every other', async () => {
      const [author, other] = await registeredAgents(context.store, 2);
      const proposal = newProposal(author!);
      await context.store.createProposal(proposal);
      const second = newRevision();
      expect(await context.store.addRevision(1, author!.id, second)).toEqual({ revision: { number: 2, ...second } });
      // An earlier time becomes the latest content all the same; updatedAt never goes back.
      const third = newRevision({ createdAt: at(45_000) });
      expect(await context.store.addRevision(1, author!.id, third)).toEqual({ revision: { number: 3, ...third } });
      expect(await context.store.proposalByNumber(1)).toMatchObject({ title: third.title, summary: third.summary, revisionCount: 3, updatedAt: second.createdAt });

      expect(await context.store.addRevision(2, author!.id, newRevision())).toEqual({ refused: 'not-found' });
      expect(await context.store.addRevision(0, author!.id, newRevision())).toEqual({ refused: 'not-found' });
      expect(await context.store.addRevision(1, other!.id, newRevision())).toEqual({ refused: 'not-author' });
      await context.store.transitionProposal(1, { to: 'under-review', allowedFrom: ['open'], reason: 'review', at: at(60_000) });
      const fourth = newRevision({ createdAt: at(61_000) });
      expect(await context.store.addRevision(1, author!.id, fourth)).toEqual({ revision: { number: 4, ...fourth } });

      for (const closing of ['accepted', 'rejected', 'withdrawn'] as const) {
        const { number } = await context.store.createProposal(newProposal(author!));
        await context.store.transitionProposal(number, { to: closing, allowedFrom: ['open'], reason: closing, at: at(62_000) });
        expect(await context.store.addRevision(number, author!.id, newRevision())).toEqual({ refused: 'closed' });
        // Not being the author is said first.
        expect(await context.store.addRevision(number, other!.id, newRevision())).toEqual({ refused: 'not-author' });
        expect((await context.store.proposalByNumber(number))!.revisionCount).toBe(1);
      }
      const record = (await context.store.proposalByNumber(1))!;
      expect(record.revisions).toEqual([createdRecord(proposal, 1, author!).revisions[0], { number: 2, ...second }, { number: 3, ...third }, { number: 4, ...fourth }]);
      expectSelfConsistent(record);
    });

    it('fills what a revision leaves out from the current text, and reviews the latest when none is named', async () => {
      const [author, first, second] = await registeredAgents(context.store, 3);
      const proposal = newProposal(author!);
      await context.store.createProposal(proposal);
      const partial = await context.store.addRevision(1, author!.id, { summary: 'Only the summary changes', createdAt: at(80_000) });
      expect(partial).toEqual({
        revision: { number: 2, title: proposal.title, summary: 'Only the summary changes', ruleText: proposal.ruleText, rationale: proposal.rationale, createdAt: at(80_000) },
      });
      const review = { revision: undefined, stance: 'support' as const, comment: 'c', createdAt: at(81_000) };
      expect(await context.store.addReview(1, { ...review, reviewerId: first!.id })).toMatchObject({ review: { revision: 2 } });
      expect(await context.store.addReview(1, { ...review, reviewerId: second!.id })).toEqual({ refused: 'taken' });
      expect(await context.store.addReview(1, { ...review, reviewerId: author!.id })).toEqual({ refused: 'author' });
      await context.store.addRevision(1, author!.id, { title: 'Third', createdAt: at(82_000) });
      expect(await context.store.addReview(1, { ...review, reviewerId: second!.id })).toMatchObject({ review: { revision: 3 } });
      expect(await context.store.addReview(7, { ...review, reviewerId: second!.id })).toEqual({ refused: 'not-found' });
      expectSelfConsistent((await context.store.proposalByNumber(1))!);
    });

    it('takes one review per revision, never by the author, and leaves the status alone', async () => {
      const [author, first, second] = await registeredAgents(context.store, 3);
      await context.store.createProposal(newProposal(author!));
      await context.store.addRevision(1, author!.id, newRevision());
      const review = { revision: 1, reviewerId: first!.id, stance: 'support' as const, comment: 'Yes, “gladly” 🧪', createdAt: at(70_000) };
      const { reviewerId: _reviewer, ...fields } = review;
      expect(await context.store.addReview(1, review)).toEqual({ review: { ...fields, reviewer: summaryOf(first!) } });
      expect(await context.store.addReview(1, { ...review, reviewerId: second!.id })).toEqual({ refused: 'taken' });
      expect(await context.store.addReview(1, { ...review, reviewerId: author!.id })).toEqual({ refused: 'author' });
      expect(await context.store.addReview(1, { ...review, revision: 2, reviewerId: author!.id })).toEqual({ refused: 'author' });
      expect(await context.store.addReview(1, { ...review, revision: 3 })).toEqual({ refused: 'not-found' });
      expect(await context.store.addReview(1, { ...review, revision: 0 })).toEqual({ refused: 'not-found' });
      expect(await context.store.addReview(2, review)).toEqual({ refused: 'not-found' });
      const later = { revision: 2, reviewerId: second!.id, stance: 'oppose' as const, comment: '', createdAt: at(71_000) };
      expect(await context.store.addReview(1, later)).toMatchObject({ review: { revision: 2, stance: 'oppose', reviewer: summaryOf(second!) } });
      const record = (await context.store.proposalByNumber(1))!;
      expect(record.status).toBe('open');
      expect(record.statusLog).toHaveLength(1);
      expect(record.reviews.map((r) => [r.revision, r.reviewer.id, r.stance])).toEqual([
        [1, first!.id, 'support'],
        [2, second!.id, 'oppose'],
      ]);
      expect(record.reviewCount).toBe(2);
      expectSelfConsistent(record);
      expect((await context.store.rulesCounts()).reviews).toBe(2);
    });

    it('gives the latest reviews of listed proposals, newest first and bounded, with their count', async () => {
      const [author, first, second] = await registeredAgents(context.store, 3);
      for (let index = 0; index < 3; index++) await context.store.createProposal(newProposal(author!));
      for (let revision = 2; revision <= 7; revision++) await context.store.addRevision(2, author!.id, newRevision({ createdAt: at(60_000 + revision) }));
      await context.store.addRevision(3, author!.id, newRevision({ createdAt: at(60_100) }));
      // Reviews out of revision order in time, and two at the same instant (the higher revision is then the newer).
      const times: Record<number, number> = { 1: 70_500, 2: 70_100, 3: 70_300, 4: 70_300, 5: 70_200, 6: 70_400, 7: 70_000 };
      for (const [revision, time] of Object.entries(times)) {
        const reviewerId = Number(revision) % 2 ? first!.id : second!.id;
        await context.store.addReview(2, { revision: Number(revision), reviewerId, stance: 'neutral', comment: `r${revision}`, createdAt: at(time) });
      }
      await context.store.addReview(3, { revision: 2, reviewerId: second!.id, stance: 'support', comment: 'only', createdAt: at(71_000) });
      const { items } = await context.store.listProposals({}, { limit: 10 });
      const latest = await context.store.latestReviews(items, 5);
      const revisionsOf = (number: number) => latest.get(number)!.reviews.map((review) => review.revision);
      expect([...latest.keys()].sort()).toEqual([1, 2, 3]);
      expect(latest.get(1)).toEqual({ reviews: [], count: 0 });
      expect(revisionsOf(2)).toEqual([1, 6, 4, 3, 5]);
      expect(latest.get(2)!.count).toBe(7);
      const record = (await context.store.proposalByNumber(2))!;
      expect(latest.get(2)!.reviews).toEqual([1, 6, 4, 3, 5].map((revision) => record.reviews.find((review) => review.revision === revision)));
      expect(latest.get(3)).toEqual({ reviews: [(await context.store.proposalByNumber(3))!.reviews[0]], count: 1 });
      // Only revisions a listing counted: as if revisions 5 to 7 and their reviews landed after it.
      const earlier = await context.store.latestReviews([{ number: 2, revisionCount: 4 }], 2);
      expect(earlier.get(2)!.reviews.map((review) => review.revision)).toEqual([1, 4]);
      expect(earlier.get(2)!.count).toBe(4);
      expect(await context.store.latestReviews([], 5)).toEqual(new Map());
    });

    it('changes the status only from an allowed one, and logs every change', async () => {
      const [author] = await registeredAgents(context.store, 1);
      await context.store.createProposal(newProposal(author!));
      const toReview = { to: 'under-review' as const, allowedFrom: ['open'] as const, reason: 'Enough support', at: at(80_000) };
      expect(await context.store.transitionProposal(1, toReview)).toEqual({ change: { from: 'open', to: 'under-review', reason: 'Enough support', at: at(80_000) } });
      expect(await context.store.transitionProposal(1, toReview)).toEqual({ refused: 'not-allowed' });
      expect(await context.store.transitionProposal(2, toReview)).toEqual({ refused: 'not-found' });
      expect(await context.store.transitionProposal(1, { ...toReview, to: 'accepted', allowedFrom: [] })).toEqual({ refused: 'not-allowed' });
      const accept = { to: 'accepted' as const, allowedFrom: ['under-review', 'open'] as const, reason: 'Assembly vote: “yes” ✓', at: at(81_000) };
      expect(await context.store.transitionProposal(1, accept)).toEqual({ change: { from: 'under-review', to: 'accepted', reason: accept.reason, at: accept.at } });
      const record = (await context.store.proposalByNumber(1))!;
      expect(record.status).toBe('accepted');
      expect(record.statusLog.slice(1)).toEqual([
        { from: 'open', to: 'under-review', reason: 'Enough support', at: at(80_000) },
        { from: 'under-review', to: 'accepted', reason: accept.reason, at: accept.at },
      ]);
      expectSelfConsistent(record);
      expect((await context.store.rulesCounts()).byStatus).toEqual({ open: 0, 'under-review': 0, accepted: 1, rejected: 0, withdrawn: 0 });
    });

    /** Proposals over three games and every status, some revised. */
    async function script() {
      const agents = await registeredAgents(context.store, 3);
      const games = ['packet-run', 'triad-duel', 'state-forge'];
      const statuses: ProposalStatus[] = ['open', 'under-review', 'accepted', 'rejected', 'open', 'withdrawn'];
      for (let index = 0; index < 14; index++) {
        const author = agents[index % 3]!;
        const { number } = await context.store.createProposal(newProposal(author, { gameId: games[index % 3]! }));
        if (index % 4 === 1) await context.store.addRevision(number, author.id, newRevision());
        const status = statuses[index % statuses.length]!;
        if (status === 'accepted' || status === 'rejected')
          await context.store.transitionProposal(number, { to: 'under-review', allowedFrom: ['open'], reason: 'r', at: at(90_000) });
        if (status !== 'open') await context.store.transitionProposal(number, { to: status, allowedFrom: ['open', 'under-review'], reason: 's', at: at(90_001) });
      }
      return { agents, records: await everyProposal(context.store, 14) };
    }

    it('lists proposals newest first, by status and by game, across pages with no gap or repeat', async () => {
      const { records } = await script();
      const filters: { status?: ProposalStatus; gameId?: string }[] = [
        {},
        { status: 'open' },
        { gameId: 'triad-duel' },
        { status: 'open', gameId: 'packet-run' },
        { status: 'under-review' },
      ];
      for (const filter of filters) {
        const expected = records
          .filter((record) => (filter.status === undefined || record.status === filter.status) && (filter.gameId === undefined || record.gameId === filter.gameId))
          .sort((a, b) => b.number - a.number)
          .map(summaryOfProposal);
        expect(expected.length).toBeGreaterThan(1);
        for (const limit of [1, 2, 3, expected.length, expected.length + 4]) {
          const { items, pages } = await allPages(limit, (after) => context.store.listProposals(filter, { limit, after }));
          expect(items).toEqual(expected);
          expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
        }
      }
      expect(await context.store.listProposals({ gameId: 'no-such-game' }, { limit: 5 })).toEqual({ items: [], next: null });
      expect(await context.store.listProposals({ status: 'withdrawn', gameId: 'packet-run' }, { limit: 5 })).toEqual({ items: [], next: null });
    });

    it('lists one author’s proposals newest first, across pages, and no one else’s', async () => {
      const { agents, records } = await script();
      for (const agent of agents) {
        const expected = records
          .filter((record) => record.author.id === agent.id)
          .sort((a, b) => b.number - a.number)
          .map(summaryOfProposal);
        expect(expected.length).toBeGreaterThan(1);
        for (const limit of [1, 2, expected.length]) {
          const { items } = await allPages(limit, (after) => context.store.listProposals({ authorId: agent.id }, { limit, after }));
          expect(items).toEqual(expected);
        }
      }
      expect(await context.store.listProposals({ authorId: 'agt_missing' }, { limit: 5 })).toEqual({ items: [], next: null });
    });

    it('keeps every count exact over proposals, revisions, reviews and status changes', async () => {
      const next = seededRandom(20310501);
      const agents = await registeredAgents(context.store, 5);
      expect(await context.store.rulesCounts()).toEqual(expectedRulesCounts([]));
      let proposals = 0;
      for (let step = 0; step < 60; step++) {
        const agent = agents[Math.floor(next() * agents.length)]!;
        const roll = next();
        const number = 1 + Math.floor(next() * Math.max(1, proposals));
        const revision = 1 + Math.floor(next() * 3);
        if (roll < 0.25 || proposals === 0) {
          await context.store.createProposal(newProposal(agent));
          proposals++;
        } else if (roll < 0.45) {
          await context.store.addRevision(number, agent.id, newRevision());
        } else if (roll < 0.7) {
          await context.store.addReview(number, { revision, reviewerId: agent.id, stance: 'neutral', comment: `step ${step}`, createdAt: at(95_000 + step) });
        } else {
          const to = PROPOSAL_STATUSES[Math.floor(next() * PROPOSAL_STATUSES.length)]!;
          const allowedFrom = PROPOSAL_STATUSES.filter(() => next() < 0.5);
          await context.store.transitionProposal(number, { to, allowedFrom, reason: `step ${step}`, at: at(95_000 + step) });
        }
      }
      const records = await everyProposal(context.store, proposals);
      for (const record of records) expectSelfConsistent(record);
      expect(records.some((record) => record.statusLog.length > 2)).toBe(true);
      expect(await context.store.rulesCounts()).toEqual(expectedRulesCounts(records));
    });

    it('throws InvalidCursorError for a cursor it did not issue for this listing', async () => {
      await script();
      const { next } = await context.store.listProposals({ status: 'open' }, { limit: 1 });
      expect(next).not.toBeNull();
      for (const after of ['', 'not a cursor!', next!.slice(0, -3), btoa(JSON.stringify({ v: 1, l: 'proposals:["open",null]', k: ['1'], r: 1 })).replace(/=+$/, '')]) {
        await expect(context.store.listProposals({ status: 'open' }, { limit: 1, after })).rejects.toThrow(InvalidCursorError);
      }
      await expect(context.store.listProposals({}, { limit: 1, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listProposals({ status: 'open', gameId: 'packet-run' }, { limit: 1, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listTopics({}, { limit: 1, after: next! })).rejects.toThrow(InvalidCursorError);
      expect((await context.store.listProposals({ status: 'open' }, { limit: 1, after: next! })).items).toHaveLength(1);
    });
  });
}
