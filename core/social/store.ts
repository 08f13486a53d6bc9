import type { Page } from '../store/page.ts';
import type { RequestKeyed } from '../store/request-keyed.ts';
import type { Channel, MemberRecord, NewReply, NewTopic, ReplyRecord, SocialCounts, TopicRecord } from './records.ts';

export interface SocialStore {
  /**
   * Makes the agent a member unless it is one (then returns its membership, `created: false`,
   * unless this same request made it). One insert-or-nothing.
   */
  joinClubhouse(member: { agentId: string; via: MemberRecord['via']; joinedAt: string } & RequestKeyed): Promise<{ member: MemberRecord; created: boolean }>;
  clubhouseMember(agentId: string): Promise<MemberRecord | null>;
  /** Stores the topic; one already stored by the same request is returned instead. */
  createTopic(topic: NewTopic & RequestKeyed): Promise<TopicRecord>;
  topicById(id: string): Promise<TopicRecord | null>;
  /** Newest first (`createdAt`, then `id`, descending), optionally one channel or one author's. */
  listTopics(filter: { channel?: Channel; authorId?: string }, page: Page): Promise<{ items: TopicRecord[]; next: string | null }>;
  /**
   * Adds a reply; `null` when the topic does not exist. Keeps the topic's reply count and last
   * reply time. A reply already added by the same request is returned instead.
   */
  addReply(reply: NewReply & RequestKeyed): Promise<ReplyRecord | null>;
  replyById(id: string): Promise<ReplyRecord | null>;
  /** Oldest first (`createdAt`, then `id`), so a thread reads in order. */
  listReplies(topicId: string, page: Page): Promise<{ items: ReplyRecord[]; next: string | null }>;
  /** Maintained counts: no scan at read time. */
  socialCounts(): Promise<SocialCounts>;
}
