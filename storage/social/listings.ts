/**
 * The Clubhouse's keyset listings, each a range scan of one index: topics newest first (all, or
 * one channel), a topic's replies oldest first.
 */
import type { Kysely } from 'kysely';
import type { Page } from '../../core/store/page.ts';
import type { Channel, ReplyRecord, TopicRecord } from '../../core/social/records.ts';
import type { Database } from '../database.ts';
import { keysetPage } from '../shared/keyset-page.ts';
import { AUTHOR_COLUMNS } from '../agents/rows.ts';
import { toReply, toTopic } from './rows.ts';

/** Newest first: (created_at, id) descending, through clubhouse_topics_newest, _by_channel or _by_author. */
export async function listTopics(db: Kysely<Database>, filter: { channel?: Channel; authorId?: string }, page: Page): Promise<{ items: TopicRecord[]; next: string | null }> {
  const listing = `topics:${JSON.stringify([filter.channel ?? null, ...(filter.authorId === undefined ? [] : [filter.authorId])])}`;
  let query = db.selectFrom('clubhouse_topics as t').innerJoin('agents as a', 'a.id', 't.author_id').selectAll('t').select(AUTHOR_COLUMNS);
  if (filter.channel !== undefined) query = query.where('t.channel', '=', filter.channel);
  if (filter.authorId !== undefined) query = query.where('t.author_id', '=', filter.authorId);
  return keysetPage(page, {
    listing,
    shape: ['string', 'string'],
    query: query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'),
    after: (query, [createdAt, id]) => query.where((eb) => eb(eb.refTuple('t.created_at', 't.id'), '<', eb.tuple(createdAt as string, id as string))),
    keyOf: (row) => [row.created_at, row.id],
    toItem: toTopic,
  });
}

/** Oldest first: (created_at, id) ascending within the topic, through clubhouse_replies_thread. */
export async function listReplies(db: Kysely<Database>, topicId: string, page: Page): Promise<{ items: ReplyRecord[]; next: string | null }> {
  const listing = `replies:${JSON.stringify(topicId)}`;
  const query = db.selectFrom('clubhouse_replies as r').innerJoin('agents as a', 'a.id', 'r.author_id').selectAll('r').select(AUTHOR_COLUMNS).where('r.topic_id', '=', topicId);
  return keysetPage(page, {
    listing,
    shape: ['string', 'string'],
    query: query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc'),
    after: (query, [createdAt, id]) => query.where((eb) => eb(eb.refTuple('r.created_at', 'r.id'), '>', eb.tuple(createdAt as string, id as string))),
    keyOf: (row) => [row.created_at, row.id],
    toItem: toReply,
  });
}
