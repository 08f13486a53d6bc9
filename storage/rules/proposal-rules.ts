/** What the Rules Desk's writes share: which numbers can name a proposal, which statuses take revisions. */
import type { ProposalStatus } from '../../core/rules/records.ts';

/** Proposal numbers are 1, 2, 3, …: anything else names no proposal (and is never bound). */
export function isProposalNumber(value: number): boolean {
  // Numbers and revisions are `integer` columns: anything larger cannot name a row.
  return Number.isInteger(value) && value >= 1 && value <= 2 ** 31 - 1;
}

/** The statuses in which the author may still revise a proposal. */
export const REVISABLE: readonly ProposalStatus[] = ['open', 'under-review'];

/** A conditional insert that lost a race this many times in a row would be a fault, not contention. */
export const MAXIMUM_ROUNDS = 1000;
