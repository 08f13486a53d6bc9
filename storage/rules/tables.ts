/** The Rules Desk's tables (migration 0002, request digests 0004). */
import type { ProposalStatus, ReviewRecord } from '../../core/rules/records.ts';
import type { RequestDigest } from '../shared/columns.ts';

/**
 * A proposal with its latest revision's content and its latest status change; the revisions
 * and the status log keep the history (written by triggers on this table).
 */
export interface ProposalsTable {
  /** 1, 2, 3, … unique: the primary key. */
  number: number;
  id: string;
  game_id: string;
  author_id: string;
  status: ProposalStatus;
  title: string;
  summary: string;
  rule_text: string;
  rationale: string;
  /** The latest revision's number, maintained by the revisions trigger. */
  revision_count: number;
  /** Maintained by the reviews trigger. */
  review_count: number;
  /** How many status-log entries the proposal has: the latest one's `seq`. */
  status_changes: number;
  /** The latest status change: from (null at creation), why and when (`status` is its `to`). */
  status_from: ProposalStatus | null;
  status_reason: string;
  status_changed_at: string;
  created_at: string;
  /** The latest of its creation, revisions, reviews and status changes (never goes back). */
  updated_at: string;
  request_digest: RequestDigest;
  /** The request of the latest status change, which the status trigger copies into the log. */
  status_request_digest: RequestDigest;
}

export interface ProposalRevisionsTable {
  proposal_number: number;
  /** 1, 2, 3, … unique per proposal. */
  number: number;
  title: string;
  summary: string;
  rule_text: string;
  rationale: string;
  created_at: string;
  request_digest: RequestDigest;
}

/** At most one per revision: the primary key is (proposal_number, revision). */
export interface ProposalReviewsTable {
  proposal_number: number;
  revision: number;
  reviewer_id: string;
  stance: ReviewRecord['stance'];
  comment: string;
  created_at: string;
  request_digest: RequestDigest;
}

/** Written only by the proposals triggers: one entry per status, creation included. */
export interface ProposalStatusLogTable {
  proposal_number: number;
  /** 1, 2, 3, … per proposal, in order of change. */
  seq: number;
  from_status: ProposalStatus | null;
  to_status: ProposalStatus;
  reason: string;
  at: string;
  request_digest: RequestDigest;
}

/** One row (`id` = 1): the Rules Desk's counts, one column per status, kept by triggers. */
export interface RulesTotalsTable {
  id: number;
  proposals: number;
  reviews: number;
  status_open: number;
  status_under_review: number;
  status_accepted: number;
  status_rejected: number;
  status_withdrawn: number;
}
