/** Conversions between the Rules Desk's stored rows and its records. */
import type { Selectable } from 'kysely';
import type { ProposalSummary, ReviewRecord, RevisionRecord, StatusChange } from '../../core/rules/records.ts';
import { authorOf, type AuthorColumns } from '../agents/rows.ts';
import { asNumber } from '../shared/columns.ts';
import type { ProposalReviewsTable, ProposalRevisionsTable, ProposalsTable, ProposalStatusLogTable } from './tables.ts';

export function toProposalSummary(row: Selectable<ProposalsTable> & AuthorColumns): ProposalSummary {
  return {
    id: row.id,
    number: asNumber(row.number),
    gameId: row.game_id,
    status: row.status,
    author: authorOf(row.author_id, row),
    title: row.title,
    summary: row.summary,
    revisionCount: asNumber(row.revision_count),
    reviewCount: asNumber(row.review_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toRevision(row: Selectable<ProposalRevisionsTable>): RevisionRecord {
  return { number: asNumber(row.number), title: row.title, summary: row.summary, ruleText: row.rule_text, rationale: row.rationale, createdAt: row.created_at };
}

export function toReview(row: Selectable<ProposalReviewsTable> & AuthorColumns): ReviewRecord {
  return { revision: asNumber(row.revision), reviewer: authorOf(row.reviewer_id, row), stance: row.stance, comment: row.comment, createdAt: row.created_at };
}

export function toStatusChange(row: Pick<Selectable<ProposalStatusLogTable>, 'from_status' | 'to_status' | 'reason' | 'at'>): StatusChange {
  return { from: row.from_status, to: row.to_status, reason: row.reason, at: row.at };
}
