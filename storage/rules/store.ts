/** The Rules Desk's part of the store: each verb in a file of its own, bound to the database. */
import type { Kysely } from 'kysely';
import type { RulesStore } from '../../core/rules/store.ts';
import { addReview } from './add-review.ts';
import { addRevision } from './add-revision.ts';
import { createProposal } from './create-proposal.ts';
import type { Database } from '../database.ts';
import type { DialectFamily } from '../shared/family.ts';
import { latestReviews } from './latest-reviews.ts';
import { listProposals, proposalByNumber, rulesCounts } from './proposal-reads.ts';
import { transitionProposal } from './transition-proposal.ts';

/** The Rules Desk's part of the store, bound to the database (and its family, for row locks). */
export function rulesStore(db: Kysely<Database>, family: DialectFamily): RulesStore {
  return {
    createProposal: (proposal) => createProposal(db, proposal),
    proposalByNumber: (number) => proposalByNumber(db, number),
    listProposals: (filter, page) => listProposals(db, filter, page),
    latestReviews: (proposals, each) => latestReviews(db, proposals, each),
    addRevision: (number, authorId, revision) => addRevision(db, family, number, authorId, revision),
    addReview: (number, review) => addReview(db, number, review),
    transitionProposal: (number, change) => transitionProposal(db, number, change),
    rulesCounts: () => rulesCounts(db),
  };
}
