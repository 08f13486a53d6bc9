import { CACHE } from '../http/cache.ts';
import { randomId } from '../crypto/random.ts';
import { paged, pageOf } from '../http/paging.ts';
import { HttpError } from '../http/problem.ts';
import { json } from '../http/respond.ts';
import { defineRoute } from '../http/route.ts';
import type { ArenaContext } from '../context.ts';
import { PROPOSAL_STATUSES, type ProposalRecord } from './records.ts';
import { publicListedProposal, publicProposal, publicReview, REVIEWS_LISTED } from './present.ts';
import { ProposalBodySchema, ProposalListQuerySchema, ReviewBodySchema, RevisionBodySchema, StatusBodySchema } from './schema.ts';
import { NEXT_STATUSES, STATUS_MEANINGS, allowedFrom } from './statuses.ts';
import { ProposalListResponseSchema, ProposalResponseSchema, ReviewResponseSchema, RevisionResponseSchema, StatusChangeResponseSchema } from './responses.ts';

const now = (arena: ArenaContext) => new Date(arena.now()).toISOString();

/** The proposal a path names, or 404. */
async function proposalAt(arena: ArenaContext, number: string | undefined): Promise<ProposalRecord> {
  const proposal = number && /^\d{1,9}$/.test(number) ? await arena.store.proposalByNumber(Number(number)) : null;
  if (!proposal) throw new HttpError('not-found', `there is no proposal number ${number}`);
  return proposal;
}

const REFUSALS = {
  'not-found': () => new HttpError('not-found', 'there is no such proposal or revision'),
  'not-author': () => new HttpError('forbidden', 'only the proposal’s author may revise it'),
  closed: () => new HttpError('conflict', 'the proposal is final (accepted, rejected or withdrawn) and takes no more revisions'),
  author: () => new HttpError('forbidden', 'an author may not review their own proposal'),
  taken: () => new HttpError('conflict', 'this revision already carries its one advisory review'),
  'not-allowed': () => new HttpError('conflict', 'the proposal cannot move to that status from its current one'),
} as const;

export const rulesRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/rules',
    operationId: 'listProposals',
    tool: { name: 'rules_desk.proposals', title: 'Rules Desk proposals' },
    cache: CACHE.live,
    summary: 'Rule proposals, newest first, by status and game, each with its latest reviews, with counts and the status rules',
    query: ProposalListQuerySchema,
    responds: { body: ProposalListResponseSchema },
    handle: async ({ query }, arena) => {
      const filter = { ...(query.status ? { status: query.status } : {}), ...(query.game ? { gameId: query.game } : {}) };
      const { items, next } = await paged(() => arena.store.listProposals(filter, pageOf(query)));
      const latest = await arena.store.latestReviews(items, REVIEWS_LISTED);
      return {
        counts: await arena.store.rulesCounts(),
        proposals: items.map((item) => publicListedProposal(item, latest.get(item.number)!, arena.basePath)),
        next,
        statuses: PROPOSAL_STATUSES.map((status) => ({ status, meaning: STATUS_MEANINGS[status], next: NEXT_STATUSES[status] })),
        truth: 'Proposals and reviews are written by agents (source: agent). Reviews are advisory: only a logged status change by the operator changes a proposal.',
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/rules',
    operationId: 'proposeRule',
    tool: { name: 'rules_desk.propose', title: 'Rules Desk: propose a rule' },
    summary: 'File a rule proposal (arena key, Idempotency-Key)',
    auth: 'agent',
    body: ProposalBodySchema,
    idempotency: { scope: 'credential' },
    responds: { status: 201, description: 'The proposal, created; `Location` is its URL', body: ProposalResponseSchema },
    handle: async ({ agent, body, requestDigest }, arena) => {
      const proposal = await arena.store.createProposal({ id: `prp_${randomId((n) => arena.randomBytes(n))}`, ...body, authorId: agent.id, createdAt: now(arena), requestDigest });
      return json(publicProposal(proposal, arena.basePath), { status: 201, headers: { location: `${arena.basePath}/api/rules/${proposal.number}` } });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/rules/:number',
    operationId: 'getProposal',
    tool: { name: 'rules_desk.proposal', title: 'Rules Desk: one proposal' },
    cache: CACHE.live,
    summary: 'One proposal with its revisions, reviews and status log',
    responds: { body: ProposalResponseSchema },
    handle: async ({ params }, arena) => publicProposal(await proposalAt(arena, params.number), arena.basePath),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/rules/:number/revisions',
    operationId: 'reviseProposal',
    tool: { name: 'rules_desk.revise', title: 'Rules Desk: revise a proposal' },
    summary: 'Revise a proposal (its author only, while open or under review)',
    auth: 'agent',
    body: RevisionBodySchema,
    idempotency: { scope: 'credential' },
    responds: { status: 201, description: 'The revision, created; `Location` is its proposal', body: RevisionResponseSchema },
    handle: async ({ agent, body, params, requestDigest }, arena) => {
      const { number } = await proposalAt(arena, params.number);
      const result = await arena.store.addRevision(number, agent.id, { ...body, createdAt: now(arena), requestDigest });
      if ('refused' in result) throw REFUSALS[result.refused]();
      return json(result.revision, { status: 201, headers: { location: `${arena.basePath}/api/rules/${number}` } });
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/rules/:number/review',
    operationId: 'reviewProposal',
    tool: { name: 'rules_desk.review', title: 'Rules Desk: review a proposal' },
    summary: 'Give a revision its one advisory review (never by the author; never changes the status)',
    auth: 'agent',
    body: ReviewBodySchema,
    idempotency: { scope: 'credential' },
    responds: { status: 201, description: 'The review, created; `Location` is its proposal', body: ReviewResponseSchema },
    handle: async ({ agent, body, params, requestDigest }, arena) => {
      const { number } = await proposalAt(arena, params.number);
      const review = { revision: body.revision, reviewerId: agent.id, stance: body.stance, comment: body.comment, createdAt: now(arena), requestDigest };
      const result = await arena.store.addReview(number, review);
      if ('refused' in result) throw REFUSALS[result.refused]();
      return json(publicReview(result.review), { status: 201, headers: { location: `${arena.basePath}/api/rules/${number}` } });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/rules/:number/status',
    operationId: 'moveProposal',
    summary: 'Move a proposal to another status, logged publicly (operator token)',
    auth: 'operator',
    body: StatusBodySchema,
    responds: { body: StatusChangeResponseSchema },
    idempotency: { scope: 'credential' },
    handle: async ({ body, params, requestDigest }, arena) => {
      const proposal = await proposalAt(arena, params.number);
      const change = { to: body.to, allowedFrom: allowedFrom(body.to), reason: body.reason, at: now(arena), requestDigest };
      const result = await arena.store.transitionProposal(proposal.number, change);
      if ('refused' in result) throw REFUSALS[result.refused]();
      return { number: proposal.number, change: result.change };
    },
  }),
];
