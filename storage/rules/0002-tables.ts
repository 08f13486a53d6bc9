/**
 * The Rules Desk's tables and indexes of migration 0002, per family. As in 0001, every statement is
 * `IF NOT EXISTS` or does nothing on conflict, so two processes migrating at once, or a run that
 * stopped halfway, are harmless.
 *
 * Statuses are copied here, not imported from the core: a migration describes the schema as it was
 * when it ran, and a new one needs a migration of its own.
 */
import type { DialectFamily } from '../shared/family.ts';
import { keyColumn, quoted, zeroCounts } from '../shared/migration-sql.ts';

export const STATUSES_0002 = ['open', 'under-review', 'accepted', 'rejected', 'withdrawn'] as const;
/** The rules_totals column that counts a status: `status_under_review`, … */
export const statusColumn = (status: string): string => `status_${status.replace(/-/g, '_')}`;

export function rulesTables(family: DialectFamily): string[] {
  const key = keyColumn(family);
  return [
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
  ];
}

/** Drops what `rulesTables` creates, dependents first. */
export const RULES_TABLES_DOWN = [
  'DROP TABLE IF EXISTS rules_totals',
  'DROP TABLE IF EXISTS proposal_status_log',
  'DROP TABLE IF EXISTS proposal_reviews',
  'DROP TABLE IF EXISTS proposal_revisions',
  'DROP TABLE IF EXISTS proposals',
];
