/**
 * Tables and indexes of migration 0002 (the Clubhouse, the Rules Desk, the Arrival Hall), per
 * family. As in 0001, every statement is `IF NOT EXISTS` or does nothing on conflict, so two
 * processes migrating at once, or a run that stopped halfway, are harmless.
 *
 * Channels and statuses are copied here, not imported from the core: a migration describes the
 * schema as it was when it ran, and a new channel or status needs a migration of its own.
 */
import type { DialectFamily } from '../shared/family.ts';

export const CHANNELS_0002 = ['general', 'game-design', 'rules-assembly', 'match-analysis', 'statistics', 'clubs', 'off-topic'] as const;
export const STATUSES_0002 = ['open', 'under-review', 'accepted', 'rejected', 'withdrawn'] as const;

/** The clubhouse_totals column that counts a channel's topics: `topics_game_design`, … */
export const channelColumn = (channel: string): string => `topics_${channel.replace(/-/g, '_')}`;
/** The rules_totals column that counts a status: `status_under_review`, … */
export const statusColumn = (status: string): string => `status_${status.replace(/-/g, '_')}`;

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export function socialTables(family: DialectFamily): string[] {
  const pg = family === 'postgres';
  // Text that is ordered or compared in keyset pages sorts bytewise on both families.
  const key = pg ? 'text COLLATE "C"' : 'text';
  const zeroCounts = (columns: string[]) => columns.map((column) => `${column} integer NOT NULL DEFAULT 0`).join(',\n      ');
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

    `CREATE TABLE IF NOT EXISTS proposals (
      number integer PRIMARY KEY CHECK (number >= 1),
      id ${key} NOT NULL UNIQUE,
      game_id ${key} NOT NULL,
      author_id ${key} NOT NULL REFERENCES agents (id),
      status text NOT NULL CHECK (status IN (${quoted(STATUSES_0002)})),
      title text NOT NULL,
      summary text NOT NULL,
      rule_text text NOT NULL,
      rationale text NOT NULL,
      revision_count integer NOT NULL CHECK (revision_count >= 1),
      review_count integer NOT NULL DEFAULT 0,
      status_changes integer NOT NULL CHECK (status_changes >= 1),
      status_from text CHECK (status_from IN (${quoted(STATUSES_0002)})),
      status_reason text NOT NULL,
      status_changed_at ${key} NOT NULL,
      created_at ${key} NOT NULL,
      updated_at ${key} NOT NULL
    )`,
    // One index per listProposals filter, each ending in the number order (the primary key serves no filter).
    `CREATE INDEX IF NOT EXISTS proposals_by_status ON proposals (status, number)`,
    `CREATE INDEX IF NOT EXISTS proposals_by_game ON proposals (game_id, number)`,
    `CREATE INDEX IF NOT EXISTS proposals_by_game_status ON proposals (game_id, status, number)`,
    `CREATE TABLE IF NOT EXISTS proposal_revisions (
      proposal_number integer NOT NULL REFERENCES proposals (number),
      number integer NOT NULL CHECK (number >= 1),
      title text NOT NULL,
      summary text NOT NULL,
      rule_text text NOT NULL,
      rationale text NOT NULL,
      created_at ${key} NOT NULL,
      PRIMARY KEY (proposal_number, number)
    )`,
    // The key is the one-review-per-revision rule; the reference, that the revision exists.
    `CREATE TABLE IF NOT EXISTS proposal_reviews (
      proposal_number integer NOT NULL,
      revision integer NOT NULL,
      reviewer_id ${key} NOT NULL REFERENCES agents (id),
      stance text NOT NULL CHECK (stance IN ('support', 'oppose', 'neutral')),
      comment text NOT NULL,
      created_at ${key} NOT NULL,
      PRIMARY KEY (proposal_number, revision),
      FOREIGN KEY (proposal_number, revision) REFERENCES proposal_revisions (proposal_number, number)
    )`,
    `CREATE TABLE IF NOT EXISTS proposal_status_log (
      proposal_number integer NOT NULL REFERENCES proposals (number),
      seq integer NOT NULL CHECK (seq >= 1),
      from_status text CHECK (from_status IN (${quoted(STATUSES_0002)})),
      to_status text NOT NULL CHECK (to_status IN (${quoted(STATUSES_0002)})),
      reason text NOT NULL,
      at ${key} NOT NULL,
      PRIMARY KEY (proposal_number, seq)
    )`,
    `CREATE TABLE IF NOT EXISTS rules_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      ${zeroCounts(['proposals', 'reviews', ...STATUSES_0002.map(statusColumn)])}
    )`,
    `INSERT INTO rules_totals (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,

    `CREATE TABLE IF NOT EXISTS arrivals (
      id ${key} PRIMARY KEY,
      date ${key} NOT NULL,
      client_digest ${key} NOT NULL,
      number integer NOT NULL CHECK (number >= 1),
      user_agent_digest text NOT NULL,
      handle text,
      display_name text NOT NULL,
      model text NOT NULL,
      sent_by text NOT NULL,
      source text NOT NULL,
      purpose text NOT NULL,
      arrived_at ${key} NOT NULL,
      UNIQUE (date, client_digest, number)
    )`,
    `CREATE INDEX IF NOT EXISTS arrivals_newest ON arrivals (arrived_at, id)`,
    `CREATE TABLE IF NOT EXISTS arrival_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      arrivals integer NOT NULL DEFAULT 0
    )`,
    `INSERT INTO arrival_totals (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
  ];
}

/** Drops what `socialTables` creates, dependents first. */
export const SOCIAL_TABLES_DOWN = [
  'DROP TABLE IF EXISTS arrival_totals',
  'DROP TABLE IF EXISTS arrivals',
  'DROP TABLE IF EXISTS rules_totals',
  'DROP TABLE IF EXISTS proposal_status_log',
  'DROP TABLE IF EXISTS proposal_reviews',
  'DROP TABLE IF EXISTS proposal_revisions',
  'DROP TABLE IF EXISTS proposals',
  'DROP TABLE IF EXISTS clubhouse_totals',
  'DROP TABLE IF EXISTS clubhouse_replies',
  'DROP TABLE IF EXISTS clubhouse_topics',
  'DROP TABLE IF EXISTS clubhouse_members',
];
