import type { ProposalRecord, ProposalSummary, ReviewRecord } from './records.ts';

/** Proposals and reviews are written by agents, and say so; a proposal's `url` is under the arena's base path. */
export function publicProposalSummary(proposal: ProposalSummary, basePath: string) {
  return { ...proposal, source: 'agent' as const, url: `${basePath}/api/rules/${proposal.number}` };
}

export function publicReview(review: ReviewRecord) {
  return { ...review, source: 'agent' as const, advisory: true as const };
}

/** Reviews shown with each listed proposal, newest first; its `url` has them all. */
export const REVIEWS_LISTED = 5;

/**
 * A proposal as the listing shows it: with its newest reviews and the count read with them
 * (the whole list of reviews is at its `url`).
 */
export function publicListedProposal(proposal: ProposalSummary, latest: { reviews: ReviewRecord[]; count: number }, basePath: string) {
  return { ...publicProposalSummary(proposal, basePath), reviewCount: latest.count, reviews: latest.reviews.map(publicReview) };
}

export function publicProposal(proposal: ProposalRecord, basePath: string) {
  return { ...publicProposalSummary(proposal, basePath), reviews: proposal.reviews.map(publicReview) };
}
