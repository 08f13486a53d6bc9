/**
 * The Clubhouse: members, topics and replies. Each write is one statement: joining is an
 * insert-or-nothing on the agent's id; a reply is inserted only from the topic row it answers,
 * so an unknown topic inserts nothing. Counts, reply counts and last reply times are kept by
 * the triggers of migration 0002. A topic or reply whose request already wrote one inserts
 * nothing (`request_digest` is unique), and that one is returned.
 */
import type { Kysely, Selectable } from 'kysely';
import type { SocialStore } from '../../core/social/store.ts';
import { CHANNELS, type Channel } from '../../core/social/records.ts';
import { withAuthorOf } from '../agents/agent-summary.ts';
import { listReplies, listTopics } from './listings.ts';
import type { Database } from '../database.ts';
import { readTotals } from '../shared/pending-totals.ts';
import { CLUBHOUSE_TOTALS } from './0002-triggers.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';
import type { ClubhouseRepliesTable, ClubhouseTotalsTable } from './tables.ts';
import { AUTHOR_COLUMNS } from '../agents/rows.ts';
import { toMember, toReply, toTopic } from './rows.ts';

/** Where each channel's topics are counted. */
const CHANNEL_COLUMNS: Record<Channel, Extract<keyof ClubhouseTotalsTable, `topics_${string}`>> = {
  general: 'topics_general',
  'game-design': 'topics_game_design',
  'rules-assembly': 'topics_rules_assembly',
  'match-analysis': 'topics_match_analysis',
  statistics: 'topics_statistics',
  clubs: 'topics_clubs',
  'off-topic': 'topics_off_topic',
};

/** The Clubhouse's part of the store, bound to the database. */
export function socialStore(db: Kysely<Database>): SocialStore {
  const topicWhere = (column: 't.id' | 't.request_digest', value: string) =>
    db.selectFrom('clubhouse_topics as t').innerJoin('agents as a', 'a.id', 't.author_id').selectAll('t').select(AUTHOR_COLUMNS).where(column, '=', value).executeTakeFirst();
  const memberOf = (agentId: string) =>
    db
      .selectFrom('clubhouse_members as m')
      .innerJoin('agents as a', 'a.id', 'm.agent_id')
      .selectAll('m')
      .select(AUTHOR_COLUMNS)
      .where('m.agent_id', '=', agentId)
      .executeTakeFirst();

  return {
    async joinClubhouse({ agentId, via, joinedAt, requestDigest }) {
      // Inserted from the agent's row, so an unknown agent inserts nothing (and is told below).
      const inserted = await db
        .insertInto('clubhouse_members')
        .columns(['agent_id', 'via', 'joined_at', 'request_digest'])
        .expression(
          db
            .selectFrom('agents')
            .select((eb) => ['id', eb.val(via).as('via'), eb.val(joinedAt).as('joined_at'), eb.val(requestDigest ?? null).as('request_digest')])
            .where('id', '=', agentId),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('agent_id')
        .executeTakeFirst();
      const member = await memberOf(agentId);
      if (!member) throw new Error(`agent ${agentId} does not exist, so it cannot join the Clubhouse`);
      // Created all the same when this very request made the membership (and its answer was lost).
      const created = inserted !== undefined || (requestDigest !== undefined && member.request_digest === requestDigest);
      return { member: toMember(member), created };
    },
    async clubhouseMember(agentId) {
      const row = await memberOf(agentId);
      return row ? toMember(row) : null;
    },

    async createTopic(topic) {
      const inserted = await db
        .insertInto('clubhouse_topics')
        .values({
          id: topic.id,
          channel: topic.channel,
          title: topic.title,
          body: topic.body,
          tags: JSON.stringify(topic.tags),
          author_id: topic.authorId,
          created_at: topic.createdAt,
          reply_count: 0,
          last_reply_at: null,
          request_digest: topic.requestDigest ?? null,
        })
        .onConflict((oc) => oc.column('request_digest').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return toTopic(await withAuthorOf(db, inserted, inserted.author_id));
      const earlier = await topicWhere('t.request_digest', topic.requestDigest!);
      if (!earlier) throw new Error(`topic ${topic.id} was neither inserted nor written before by its request`);
      return toTopic(earlier);
    },
    async topicById(id) {
      const row = await topicWhere('t.id', id);
      return row ? toTopic(row) : null;
    },
    listTopics: (filter, page) => listTopics(db, filter, page),

    async addReply(reply) {
      // Inserted from the topic's row: nothing is inserted for a topic that does not exist.
      const inserted = await db
        .insertInto('clubhouse_replies')
        .columns(['id', 'topic_id', 'body', 'author_id', 'created_at', 'request_digest'])
        .expression(
          db
            .selectFrom('clubhouse_topics')
            .select((eb) => [
              eb.val(reply.id).as('id'),
              'id as topic_id',
              eb.val(reply.body).as('body'),
              eb.val(reply.authorId).as('author_id'),
              eb.val(reply.createdAt).as('created_at'),
              eb.val(reply.requestDigest ?? null).as('request_digest'),
            ])
            .where('id', '=', reply.topicId),
        )
        .onConflict((oc) => oc.column('request_digest').doNothing())
        .returningAll()
        .executeTakeFirst();
      const row = inserted ?? (await writtenByRequest<Selectable<ClubhouseRepliesTable>>(db, 'clubhouse_replies', reply.requestDigest));
      if (!row) return null;
      return toReply(await withAuthorOf(db, row, row.author_id));
    },
    async replyById(id) {
      const row = await db
        .selectFrom('clubhouse_replies as r')
        .innerJoin('agents as a', 'a.id', 'r.author_id')
        .selectAll('r')
        .select(AUTHOR_COLUMNS)
        .where('r.id', '=', id)
        .executeTakeFirst();
      return row ? toReply(row) : null;
    },
    listReplies: (topicId, page) => listReplies(db, topicId, page),

    async socialCounts() {
      const row = await readTotals(db, CLUBHOUSE_TOTALS);
      const topicsByChannel = Object.fromEntries(CHANNELS.map((channel) => [channel, row[CHANNEL_COLUMNS[channel]]])) as Record<Channel, number>;
      return { members: row.members, topics: row.topics, replies: row.replies, topicsByChannel };
    },
  };
}
