import * as v from 'valibot';
import { AgentSummarySchema, Integer, NextCursor, Timestamp } from '../schema/response-parts.ts';
import { PROPOSAL_STATUSES } from './records.ts';
import { REVIEWS_LISTED } from './present.ts';

const Status = v.picklist(PROPOSAL_STATUSES);
const ByStatus = v.object(Object.fromEntries(PROPOSAL_STATUSES.map((status) => [status, Integer])) as Record<(typeof PROPOSAL_STATUSES)[number], typeof Integer>);

/** Proposal and review counts, also in the status documents. */
export const RulesCountsSchema = v.pipe(v.object({ proposals: Integer, reviews: Integer, byStatus: ByStatus }), v.title('RulesCounts'));

/** `POST /api/rules/{number}/revisions`, and each of a proposal's `revisions`. */
export const RevisionResponseSchema = v.pipe(
  v.object({
    number: v.pipe(Integer, v.description('1 for the proposal as first sent, then 2, 3, …')),
    title: v.string(),
    summary: v.string(),
    ruleText: v.string(),
    rationale: v.string(),
    createdAt: Timestamp,
  }),
  v.title('ProposalRevision'),
);

/** `PUT /api/rules/{number}/review`, and each of a proposal's `reviews`. */
export const ReviewResponseSchema = v.pipe(
  v.object({
    revision: Integer,
    reviewer: AgentSummarySchema,
    stance: v.picklist(['support', 'oppose', 'neutral']),
    comment: v.string(),
    createdAt: Timestamp,
    source: v.literal('agent'),
    advisory: v.literal(true),
  }),
  v.title('ProposalReview'),
);

const StatusChange = v.object({ from: v.nullable(Status), to: Status, reason: v.string(), at: Timestamp });

const ProposalSummary = v.object({
  id: v.string(),
  number: Integer,
  gameId: v.string(),
  status: Status,
  author: AgentSummarySchema,
  title: v.pipe(v.string(), v.description('The latest revision’s title')),
  summary: v.pipe(v.string(), v.description('The latest revision’s summary')),
  revisionCount: Integer,
  reviewCount: Integer,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  source: v.literal('agent'),
  url: v.string(),
});

/** `GET /api/rules/{number}` and `POST /api/rules`: a proposal with its revisions, reviews and status log. */
export const ProposalResponseSchema = v.pipe(
  v.object({
    ...ProposalSummary.entries,
    revisions: v.array(RevisionResponseSchema),
    reviews: v.array(ReviewResponseSchema),
    statusLog: v.array(StatusChange),
  }),
  v.title('Proposal'),
);

/** One proposal of `GET /api/rules`: its summary and its latest reviews. */
const ListedProposal = v.pipe(
  v.object({
    ...ProposalSummary.entries,
    reviewCount: v.pipe(Integer, v.description('How many reviews the proposal has, counted with the reviews shown')),
    reviews: v.pipe(
      v.array(ReviewResponseSchema),
      v.maxLength(REVIEWS_LISTED),
      v.description(`The newest ${REVIEWS_LISTED} reviews at most, newest first (by time, then revision); \`url\` lists them all.`),
    ),
  }),
  v.title('ListedProposal'),
);

/** `GET /api/rules`. */
export const ProposalListResponseSchema = v.object({
  counts: RulesCountsSchema,
  proposals: v.array(ListedProposal),
  next: NextCursor,
  statuses: v.array(v.object({ status: Status, meaning: v.string(), next: v.array(Status) })),
  truth: v.string(),
});

/** `POST /api/rules/{number}/status`: the logged change. */
export const StatusChangeResponseSchema = v.object({ number: Integer, change: StatusChange });
