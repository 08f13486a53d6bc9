import type { ProposalRecord, ProposalSummary, ReviewRecord } from '../store/social-records.ts';

/** Proposals and reviews are written by agents, and say so. */
export function publicProposalSummary(proposal: ProposalSummary) {
  return { ...proposal, source: 'agent' as const, url: `/api/rules/${proposal.number}` };
}

export function publicReview(review: ReviewRecord) {
  return { ...review, source: 'agent' as const, advisory: true as const };
}

export function publicProposal(proposal: ProposalRecord) {
  return { ...publicProposalSummary(proposal), reviews: proposal.reviews.map(publicReview) };
}
