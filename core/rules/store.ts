import type { Page } from '../store/page.ts';
import type { RequestKeyed } from '../store/request-keyed.ts';
import type { NewProposal, ProposalRecord, ProposalStatus, ProposalSummary, ReviewRecord, RevisionContent, RevisionRecord, RulesCounts, StatusChange } from './records.ts';

export interface RulesStore {
  /**
   * Stores a proposal as revision 1 with status `open` and a first status-log entry
   * (`from: null`, reason `proposed`), numbered next (1, 2, 3, …) under any concurrency.
   * A proposal already created by the same request is returned instead.
   */
  createProposal(proposal: NewProposal & RequestKeyed): Promise<ProposalRecord>;
  proposalByNumber(number: number): Promise<ProposalRecord | null>;
  /** Newest first, optionally by status and game. */
  listProposals(filter: { status?: ProposalStatus; gameId?: string; authorId?: string }, page: Page): Promise<{ items: ProposalSummary[]; next: string | null }>;
  /**
   * For listed proposals, each one's newest `each` reviews (by time, then revision; only of
   * revisions up to its `revisionCount`) and how many reviews it has, read in one statement
   * for all of them, so the reviews shown and the count agree.
   */
  latestReviews(proposals: readonly Pick<ProposalSummary, 'number' | 'revisionCount'>[], each: number): Promise<Map<number, { reviews: ReviewRecord[]; count: number }>>;
  /**
   * Adds the next revision, only by the proposal's author and only while it is `open` or
   * `under-review`: one conditional insert, in which a field the revision leaves out keeps the
   * proposal's current text. A revision already added by the same request is returned instead.
   */
  addRevision(
    number: number,
    authorId: string,
    revision: Partial<RevisionContent> & { createdAt: string } & RequestKeyed,
  ): Promise<{ revision: RevisionRecord } | { refused: 'not-found' | 'not-author' | 'closed' }>;
  /**
   * The one advisory review a revision may carry (with `revision` undefined, the latest at the
   * moment of the insert): refused when the revision does not exist,
   * when the reviewer is the proposal's author, or when the revision already has its review.
   * Never changes the proposal's status. A review already given by the same request is returned.
   */
  addReview(
    number: number,
    review: { revision: number | undefined; reviewerId: string; stance: ReviewRecord['stance']; comment: string; createdAt: string } & RequestKeyed,
  ): Promise<{ review: ReviewRecord } | { refused: 'not-found' | 'author' | 'taken' }>;
  /**
   * Moves a proposal from its current status to `to` when its current status is in
   * `allowedFrom`, logging the change in the same statement (the status update's trigger writes
   * the log entry), so no change ever goes unlogged; of concurrent moves from one status, one wins.
   * A change already made by the same request (its log entry keeps the digest) is returned.
   */
  transitionProposal(
    number: number,
    change: { to: ProposalStatus; allowedFrom: readonly ProposalStatus[]; reason: string; at: string } & RequestKeyed,
  ): Promise<{ change: StatusChange } | { refused: 'not-found' | 'not-allowed' }>;
  rulesCounts(): Promise<RulesCounts>;
}
