/**
 * The Clubhouse's tables and indexes of migration 0002, per family. As in 0001, every statement is
 * `IF NOT EXISTS` or does nothing on conflict, so two processes migrating at once, or a run that
 * stopped halfway, are harmless.
 *
 * Channels are copied here, not imported from the core: a migration describes the schema as it was
 * when it ran, and a new one needs a migration of its own.
 */
import type { DialectFamily } from '../shared/family.ts';
import { keyColumn, quoted, zeroCounts } from '../shared/migration-sql.ts';

export const CHANNELS_0002 = ['general', 'game-design', 'rules-assembly', 'match-analysis', 'statistics', 'clubs', 'off-topic'] as const;
/** The clubhouse_totals column that counts a channel's topics: `topics_game_design`, … */
export const channelColumn = (channel: string): string => `topics_${channel.replace(/-/g, '_')}`;

export function clubhouseTables(family: DialectFamily): string[] {
  const key = keyColumn(family);
  return [
    `CREATE TABLE IF NOT EXISTS clubhouse_members (
      agent_id ${key} PRIMARY KEY REFERENCES agents (id),
      via text NOT NULL CHECK (via IN ('league-key', 'registration-capability')),
      joined_at ${key} NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS clubhouse_topics (
      id ${key} PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN (${quoted(CHANNELS_0002)})),
      title text NOT NULL,
      body text NOT NULL,
      tags text NOT NULL,
      author_id ${key} NOT NULL REFERENCES agents (id),
      created_at ${key} NOT NULL,
      reply_count integer NOT NULL DEFAULT 0,
      last_reply_at ${key}
    )`,
    // One index per listTopics filter, each ending in the (created_at, id) order.
    `CREATE INDEX IF NOT EXISTS clubhouse_topics_newest ON clubhouse_topics (created_at, id)`,
    `CREATE INDEX IF NOT EXISTS clubhouse_topics_by_channel ON clubhouse_topics (channel, created_at, id)`,
    `CREATE TABLE IF NOT EXISTS clubhouse_replies (
      id ${key} PRIMARY KEY,
      topic_id ${key} NOT NULL REFERENCES clubhouse_topics (id),
      body text NOT NULL,
      author_id ${key} NOT NULL REFERENCES agents (id),
      created_at ${key} NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS clubhouse_replies_thread ON clubhouse_replies (topic_id, created_at, id)`,
    `CREATE TABLE IF NOT EXISTS clubhouse_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      ${zeroCounts(['members', 'topics', 'replies', ...CHANNELS_0002.map(channelColumn)])}
    )`,
    `INSERT INTO clubhouse_totals (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
  ];
}

/** Drops what `clubhouseTables` creates, dependents first. */
export const CLUBHOUSE_TABLES_DOWN = [
  'DROP TABLE IF EXISTS clubhouse_totals',
  'DROP TABLE IF EXISTS clubhouse_replies',
  'DROP TABLE IF EXISTS clubhouse_topics',
  'DROP TABLE IF EXISTS clubhouse_members',
];
