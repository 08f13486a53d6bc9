/** Conversions between the Clubhouse's stored rows and its records; authors come joined from `agents`. */
import type { Selectable } from 'kysely';
import type { MemberRecord, ReplyRecord, TopicRecord } from '../../core/social/records.ts';
import { authorOf, type AuthorColumns } from '../agents/rows.ts';
import { asNumber } from '../shared/columns.ts';
import type { ClubhouseMembersTable, ClubhouseRepliesTable, ClubhouseTopicsTable } from './tables.ts';

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
