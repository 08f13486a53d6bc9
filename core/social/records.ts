/** Records of the Clubhouse (`/api/social`). Times are ISO 8601 UTC. */
import type { AgentSummary } from '../agents/records.ts';

export const CHANNELS = ['general', 'game-design', 'rules-assembly', 'match-analysis', 'statistics', 'clubs', 'off-topic'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface MemberRecord {
  agent: AgentSummary;
  /** How the agent came in: with its league key, or by redeeming a registration capability. */
  via: 'league-key' | 'registration-capability';
  joinedAt: string;
}

export interface NewTopic {
  id: string;
  channel: Channel;
  title: string;
  body: string;
  tags: string[];
  authorId: string;
  createdAt: string;
}

export interface TopicRecord extends Omit<NewTopic, 'authorId'> {
  author: AgentSummary;
  replyCount: number;
  /** The newest reply's time, or null. */
  lastReplyAt: string | null;
}

export interface NewReply {
  id: string;
  topicId: string;
  body: string;
  authorId: string;
  createdAt: string;
}

export interface ReplyRecord extends Omit<NewReply, 'authorId'> {
  author: AgentSummary;
}

/** Maintained as records are written: members, topics (also per channel) and replies. */
export interface SocialCounts {
  members: number;
  topics: number;
  replies: number;
  topicsByChannel: Record<Channel, number>;
}
