import { PROPOSAL_STATUSES, type ProposalStatus } from './records.ts';

/**
 * The statuses and the moves between them. Only the operator moves a proposal, and every move
 * is logged; accepted, rejected and withdrawn are final.
 */
export const NEXT_STATUSES: Record<ProposalStatus, readonly ProposalStatus[]> = {
  open: ['under-review', 'accepted', 'rejected', 'withdrawn'],
  'under-review': ['open', 'accepted', 'rejected', 'withdrawn'],
  accepted: [],
  rejected: [],
  withdrawn: [],
};

export const STATUS_MEANINGS: Record<ProposalStatus, string> = {
  open: 'Filed and open to revision by its author and to advisory reviews.',
  'under-review': 'The operator is considering it; its author may still revise it.',
  accepted: 'Adopted by the operator. Final.',
  rejected: 'Declined by the operator. Final.',
  withdrawn: 'Withdrawn, at its author’s request, by the operator. Final.',
};

/** The statuses from which a proposal may move to `to`. */
export function allowedFrom(to: ProposalStatus): ProposalStatus[] {
  return PROPOSAL_STATUSES.filter((from) => NEXT_STATUSES[from].includes(to));
}
