/**
 * The Rules Desk's triggers of migration 0002, inside the statement that writes a record:
 * - a proposal's insert writes its revision 1 and its first status-log entry from its own row;
 * - a later revision's insert makes it the proposal's latest content;
 * - a review adds itself to the proposal's count and the totals;
 * - an UPDATE that sets a proposal's `status` logs OLD.status → NEW.status with the reason and
 *   time the same UPDATE wrote on the row (its `seq` is the row's bumped `status_changes`, so a
 *   status set without a fresh log position fails on the log's key), and moves the counts.
 * On PostgreSQL every write locks the proposal's row, then the totals row.
 */
import type { DialectFamily } from '../shared/family.ts';
import type { RulesTotalsTable } from './tables.ts';
import { later, moveDeltas, updateTotals, type AddToTotals, type TriggerSpec } from '../shared/migration-sql.ts';
import { STATUSES_0002, statusColumn } from './0002-tables.ts';

/** The Rules Desk's one-row totals and their count columns. */
export const RULES_TOTALS = {
  table: 'rules_totals',
  columns: ['proposals', 'reviews', ...STATUSES_0002.map(statusColumn)] as Exclude<keyof RulesTotalsTable, 'id'>[],
};

/** The triggers; `add` says how they add to the totals (in place, or as pending shares from 0011 on PostgreSQL). */
export function rulesTriggers(family: DialectFamily, add: AddToTotals = updateTotals): TriggerSpec[] {
  return [
    {
      name: 'rules_proposal_created',
      table: 'proposals',
      event: 'AFTER INSERT',
      body: [
        `INSERT INTO proposal_revisions (proposal_number, number, title, summary, rule_text, rationale, created_at)
    VALUES (NEW.number, NEW.revision_count, NEW.title, NEW.summary, NEW.rule_text, NEW.rationale, NEW.created_at)`,
        `INSERT INTO proposal_status_log (proposal_number, seq, from_status, to_status, reason, at)
    VALUES (NEW.number, NEW.status_changes, NEW.status_from, NEW.status, NEW.status_reason, NEW.status_changed_at)`,
        add('rules_totals', { proposals: '1', ...moveDeltas(family, STATUSES_0002, statusColumn, 'NEW.status') }),
      ],
    },
    // Revision 1 is written by the proposal's own insert, from the row it already holds.
    {
      name: 'rules_revision_added',
      table: 'proposal_revisions',
      event: 'AFTER INSERT',
      when: 'NEW.number > 1',
      body: [
        `UPDATE proposals SET
      title = NEW.title,
      summary = NEW.summary,
      rule_text = NEW.rule_text,
      rationale = NEW.rationale,
      revision_count = NEW.number,
      updated_at = ${later('updated_at', 'NEW.created_at')}
    WHERE number = NEW.proposal_number`,
      ],
    },
    {
      name: 'rules_review_added',
      table: 'proposal_reviews',
      event: 'AFTER INSERT',
      body: [
        `UPDATE proposals SET
      review_count = review_count + 1,
      updated_at = ${later('updated_at', 'NEW.created_at')}
    WHERE number = NEW.proposal_number`,
        add('rules_totals', { reviews: '1' }),
      ],
    },
    {
      name: 'rules_status_changed',
      table: 'proposals',
      event: 'AFTER UPDATE OF status',
      body: [
        `INSERT INTO proposal_status_log (proposal_number, seq, from_status, to_status, reason, at)
    VALUES (NEW.number, NEW.status_changes, OLD.status, NEW.status, NEW.status_reason, NEW.status_changed_at)`,
        add('rules_totals', moveDeltas(family, STATUSES_0002, statusColumn, 'NEW.status', 'OLD.status')),
      ],
    },
  ];
}
