/**
 * The Clubhouse's triggers of migration 0002: a member, topic or reply adds itself to the one-row
 * totals (a topic also to its channel's column; a reply also to its topic's count and last reply
 * time), inside the statement that writes it, so counts are exact under any concurrency and reads
 * never scan. On PostgreSQL every write locks the record's own row, then the totals row.
 */
import type { DialectFamily } from '../shared/family.ts';
import type { ClubhouseTotalsTable } from './tables.ts';
import { later, moveDeltas, updateTotals, type AddToTotals, type TriggerSpec } from '../shared/migration-sql.ts';
import { CHANNELS_0002, channelColumn } from './0002-tables.ts';

/** The Clubhouse's one-row totals and their count columns. */
export const CLUBHOUSE_TOTALS = {
  table: 'clubhouse_totals',
  columns: ['members', 'topics', 'replies', ...CHANNELS_0002.map(channelColumn)] as Exclude<keyof ClubhouseTotalsTable, 'id'>[],
};

/** The triggers; `add` says how they add to the totals (in place, or as pending shares from 0011 on PostgreSQL). */
export function clubhouseTriggers(family: DialectFamily, add: AddToTotals = updateTotals): TriggerSpec[] {
  return [
    {
      name: 'clubhouse_member_joined',
      table: 'clubhouse_members',
      event: 'AFTER INSERT',
      body: [add('clubhouse_totals', { members: '1' })],
    },
    {
      name: 'clubhouse_topic_created',
      table: 'clubhouse_topics',
      event: 'AFTER INSERT',
      body: [add('clubhouse_totals', { topics: '1', ...moveDeltas(family, CHANNELS_0002, channelColumn, 'NEW.channel') })],
    },
    {
      name: 'clubhouse_reply_added',
      table: 'clubhouse_replies',
      event: 'AFTER INSERT',
      body: [
        `UPDATE clubhouse_topics SET
      reply_count = reply_count + 1,
      last_reply_at = ${later('last_reply_at', 'NEW.created_at')}
    WHERE id = NEW.topic_id`,
        add('clubhouse_totals', { replies: '1' }),
      ],
    },
  ];
}
