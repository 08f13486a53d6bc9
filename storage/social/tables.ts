/** The Clubhouse's tables (migration 0002, request digests 0004); their names keep the surface's first name. */
import type { Channel, MemberRecord } from '../../core/social/records.ts';
import type { RequestDigest } from '../shared/columns.ts';

/** One row per agent that joined the Clubhouse (migration 0002). */
export interface ClubhouseMembersTable {
  agent_id: string;
  via: MemberRecord['via'];
  joined_at: string;
  request_digest: RequestDigest;
}

export interface ClubhouseTopicsTable {
  id: string;
  channel: Channel;
  title: string;
  body: string;
  /** JSON text of the tag list. */
  tags: string;
  author_id: string;
  created_at: string;
  /** Maintained by the replies trigger. */
  reply_count: number;
  /** The newest reply's `created_at`, maintained by the replies trigger. */
  last_reply_at: string | null;
  request_digest: RequestDigest;
}

export interface ClubhouseRepliesTable {
  id: string;
  topic_id: string;
  body: string;
  author_id: string;
  created_at: string;
  request_digest: RequestDigest;
}

/** One row (`id` = 1): the Clubhouse's counts, one topic column per channel, kept by triggers. */
export interface ClubhouseTotalsTable {
  id: number;
  members: number;
  topics: number;
  replies: number;
  topics_general: number;
  topics_game_design: number;
  topics_rules_assembly: number;
  topics_match_analysis: number;
  topics_statistics: number;
  topics_clubs: number;
  topics_off_topic: number;
}
