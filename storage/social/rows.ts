/**
 * Conversions between the stored rows of the Clubhouse, the Rules Desk and the Arrival Hall and
 * the core's records. Authors and reviewers come joined from `agents` (see `withAuthor`).
 */
import type { Selectable } from 'kysely';
import type { AgentSummary } from '../../core/agents/records.ts';
import type { ArrivalRecord } from '../../core/arrival/records.ts';
import type { ProposalSummary, ReviewRecord, RevisionRecord, StatusChange } from '../../core/rules/records.ts';
import type { MemberRecord, ReplyRecord, TopicRecord } from '../../core/social/records.ts';
import type {
  ArrivalsTable,
  ClubhouseMembersTable,
  ClubhouseRepliesTable,
  ClubhouseTopicsTable,
  ProposalReviewsTable,
  ProposalRevisionsTable,
  ProposalsTable,
  ProposalStatusLogTable,
} from '../database.ts';
import { asNumber } from '../league/rows.ts';

/** The agent columns a listing joins in as `a`, named apart from the record's own columns. */
export interface AuthorColumns {
  author_handle: string;
  author_display_name: string;
}

/** Selects the joined agent (aliased `a`) as `AuthorColumns`. */
export const AUTHOR_COLUMNS = ['a.handle as author_handle', 'a.display_name as author_display_name'] as const;

function authorOf(id: string, row: AuthorColumns): AgentSummary {
  return { id, handle: row.author_handle, displayName: row.author_display_name };
}

export function toMember(row: Selectable<ClubhouseMembersTable> & AuthorColumns): MemberRecord {
  return { agent: authorOf(row.agent_id, row), via: row.via, joinedAt: row.joined_at };
}

export function toTopic(row: Selectable<ClubhouseTopicsTable> & AuthorColumns): TopicRecord {
  return {
    id: row.id,
    channel: row.channel,
    title: row.title,
    body: row.body,
    tags: JSON.parse(row.tags),
    createdAt: row.created_at,
    author: authorOf(row.author_id, row),
    replyCount: asNumber(row.reply_count),
    lastReplyAt: row.last_reply_at,
  };
}

export function toReply(row: Selectable<ClubhouseRepliesTable> & AuthorColumns): ReplyRecord {
  return { id: row.id, topicId: row.topic_id, body: row.body, createdAt: row.created_at, author: authorOf(row.author_id, row) };
}

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

/** The public part of an arrival: never its digests or its date. */
export function toArrival(row: Selectable<ArrivalsTable>): ArrivalRecord {
  return {
    id: row.id,
    handle: row.handle,
    displayName: row.display_name,
    model: row.model,
    sentBy: row.sent_by,
    source: row.source,
    purpose: row.purpose,
    arrivedAt: row.arrived_at,
  };
}
