/**
 * The one advisory review of a revision, in one conditional insert: selected from the
 * revision's row (so it must exist, as the reference also insists; with no revision named, the
 * latest, read in the same statement) only when the reviewer is not
 * the proposal's author, doing nothing when the revision already has its review
 * (PRIMARY KEY (proposal_number, revision)). When nothing was inserted, reads say why; first,
 * whether this request already gave the review (`request_digest` is unique): then it is
 * returned. A review never touches the status; its trigger counts it and moves the proposal's
 * `updated_at`.
 */
import type { Kysely, Selectable } from 'kysely';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { ReviewRecord } from '../../core/rules/records.ts';
import { withAuthorOf } from '../agents/agent-summary.ts';
import type { Database } from '../database.ts';
import { isProposalNumber, MAXIMUM_ROUNDS } from './proposal-rules.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';
import { toReview } from './rows.ts';
import type { ProposalReviewsTable } from './tables.ts';

export interface NewReview extends RequestKeyed {
  /** The revision reviewed; `undefined` is the latest when the review is inserted. */
  revision: number | undefined;
  reviewerId: string;
  stance: ReviewRecord['stance'];
  comment: string;
  createdAt: string;
}

export type ReviewResult = { review: ReviewRecord } | { refused: 'not-found' | 'author' | 'taken' };

/** Adds the revision's one review, or says why not; retries only when "the latest" moved on meanwhile. */
export async function addReview(db: Kysely<Database>, number: number, review: NewReview): Promise<ReviewResult> {
  if (!isProposalNumber(number) || (review.revision !== undefined && !isProposalNumber(review.revision))) return { refused: 'not-found' };
  for (let round = 0; round < MAXIMUM_ROUNDS; round++) {
    const row = (await insertReview(db, number, review)) ?? (await writtenByRequest<Selectable<ProposalReviewsTable>>(db, 'proposal_reviews', review.requestDigest));
    if (row) return { review: toReview(await withAuthorOf(db, row, row.reviewer_id)) };
    const why = await refusal(db, number, review);
    if (why !== 'moved-on') return { refused: why };
  }
  throw new Error(`a review of proposal ${number}'s latest revision lost the race ${MAXIMUM_ROUNDS} times`);
}

/**
 * INSERT INTO proposal_reviews (…) SELECT … FROM proposal_revisions r WHERE r.proposal_number = ?
 * AND r.number = (? or the proposal's revision_count) AND the reviewer is not the author
 * ON CONFLICT DO NOTHING RETURNING *
 */
function insertReview(db: Kysely<Database>, number: number, review: NewReview) {
  return (
    db
      .insertInto('proposal_reviews')
      .columns(['proposal_number', 'revision', 'reviewer_id', 'stance', 'comment', 'created_at', 'request_digest'])
      .expression(
        db
          .selectFrom('proposal_revisions as r')
          .select((eb) => [
            'r.proposal_number',
            'r.number as revision',
            eb.val(review.reviewerId).as('reviewer_id'),
            eb.val(review.stance).as('stance'),
            eb.val(review.comment).as('comment'),
            eb.val(review.createdAt).as('created_at'),
            eb.val(review.requestDigest ?? null).as('request_digest'),
          ])
          .where('r.proposal_number', '=', number)
          .where((eb) => eb('r.number', '=', review.revision ?? eb.selectFrom('proposals as latest').select('latest.revision_count').where('latest.number', '=', number)))
          .where(({ exists, selectFrom }) => exists(selectFrom('proposals as p').select('p.number').where('p.number', '=', number).where('p.author_id', '<>', review.reviewerId))),
      )
      // The revision's review already given, perhaps by this very request.
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst()
  );
}

/**
 * Why nothing was inserted: a review, once there, stays, so one of these holds; or, with no
 * revision named, a revision landed between the insert and this read (`moved-on`: try again).
 */
async function refusal(db: Kysely<Database>, number: number, review: NewReview): Promise<'not-found' | 'author' | 'taken' | 'moved-on'> {
  const proposal = await db.selectFrom('proposals').select(['author_id', 'revision_count']).where('number', '=', number).executeTakeFirst();
  if (!proposal) return 'not-found';
  const reviewed = review.revision ?? proposal.revision_count;
  const revision = await db.selectFrom('proposal_revisions').select('number').where('proposal_number', '=', number).where('number', '=', reviewed).executeTakeFirst();
  if (!revision) return 'not-found';
  if (proposal.author_id === review.reviewerId) return 'author';
  const taken = await db.selectFrom('proposal_reviews').select('revision').where('proposal_number', '=', number).where('revision', '=', reviewed).executeTakeFirst();
  if (taken) return 'taken';
  if (review.revision === undefined) return 'moved-on';
  throw new Error(`the review of proposal ${number} revision ${reviewed} was neither inserted nor refused`);
}
