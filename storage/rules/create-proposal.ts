/**
 * Creating a proposal under the next number (the primary key; see storage/shared/next-number.ts).
 * The proposal's trigger writes its revision 1 and its first status-log entry inside that same
 * insert. A proposal whose request already created one inserts nothing: that one is returned,
 * as it stands now.
 */
import type { Kysely, Selectable } from 'kysely';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { NewProposal, ProposalRecord } from '../../core/rules/records.ts';
import { withAuthorOf } from '../agents/agent-summary.ts';
import type { Database } from '../database.ts';
import { insertAtNextNumber, retryLostRaces } from '../shared/next-number.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';
import type { ProposalsTable } from './tables.ts';
import { proposalByNumber } from './proposal-reads.ts';
import { MAXIMUM_ROUNDS } from './proposal-rules.ts';
import { toProposalSummary, toRevision, toStatusChange } from './rows.ts';

/** Stores the proposal as the next number, with revision 1 and status-log entry 1; returns it as stored. */
export async function createProposal(db: Kysely<Database>, proposal: NewProposal & RequestKeyed): Promise<ProposalRecord> {
  return retryLostRaces(MAXIMUM_ROUNDS, `proposal ${proposal.id}`, async () => {
    const row = await insertAtNextNumber<Selectable<ProposalsTable>>(db, { table: 'proposals', values: proposalColumns(proposal) });
    if (!row) {
      const earlier = await writtenByRequest<Selectable<ProposalsTable>>(db, 'proposals', proposal.requestDigest);
      // The proposal as it stands now, history included.
      return earlier ? ((await proposalByNumber(db, earlier.number)) ?? undefined) : undefined;
    }
    // What the insert and its trigger wrote, as the stored row says it.
    return {
      ...toProposalSummary(await withAuthorOf(db, row, row.author_id)),
      revisions: [toRevision({ ...row, proposal_number: row.number, number: row.revision_count })],
      reviews: [],
      statusLog: [toStatusChange({ from_status: row.status_from, to_status: row.status, reason: row.status_reason, at: row.status_changed_at })],
    };
  });
}

/** A new proposal's columns but `number`, which the inserting statement computes. */
function proposalColumns(proposal: NewProposal & RequestKeyed): Omit<ProposalsTable, 'number'> {
  return {
    id: proposal.id,
    game_id: proposal.gameId,
    author_id: proposal.authorId,
    status: 'open',
    title: proposal.title,
    summary: proposal.summary,
    rule_text: proposal.ruleText,
    rationale: proposal.rationale,
    // Revision 1 and status-log entry 1 are written by the trigger from these columns.
    revision_count: 1,
    review_count: 0,
    status_changes: 1,
    status_from: null,
    status_reason: 'proposed',
    status_changed_at: proposal.createdAt,
    created_at: proposal.createdAt,
    updated_at: proposal.createdAt,
    request_digest: proposal.requestDigest ?? null,
    status_request_digest: null,
  };
}
