/**
 * Triggers of migration 0002. They keep every count and the history inside the statement that
 * writes a record, so counts are exact under any concurrency, reads never scan, and no status
 * changes unlogged:
 *
 * - a member, topic, reply, review or arrival adds itself to its surface's one-row totals (a
 *   topic also to its channel's column; a reply also to its topic's count and last reply time);
 * - a proposal's insert writes its revision 1 and its first status-log entry from its own row;
 * - a later revision's insert makes it the proposal's latest content;
 * - an UPDATE that sets a proposal's `status` logs OLD.status → NEW.status with the reason and
 *   time the same UPDATE wrote on the row (its `seq` is the row's bumped `status_changes`, so
 *   a status set without a fresh log position fails on the log's key), and moves the counts.
 *
 * On PostgreSQL every write locks rows in one order: the record's own row (a topic, a
 * proposal), then the surface's totals row, so concurrent writes cannot deadlock.
 */
import type { DialectFamily } from '../shared/family.ts';
import { CHANNELS_0002, channelColumn, STATUSES_0002, statusColumn } from './0002-social-tables.ts';

/** `column = column + (NEW.x = 'v') - (OLD.x = 'v')` per value: a boolean as 0/1 in either family. */
export function moves(family: DialectFamily, values: readonly string[], columnOf: (value: string) => string, added: string, removed?: string): string {
  const asInt = (test: string) => (family === 'postgres' ? `(${test})::integer` : `(${test})`);
  return values
    .map((value) => {
      const column = columnOf(value);
      const minus = removed === undefined ? '' : ` - ${asInt(`${removed} = '${value}'`)}`;
      return `${column} = ${column} + ${asInt(`${added} = '${value}'`)}${minus}`;
    })
    .join(',\n      ');
}

/** The later of a stored time and a new one (a NULL stored time counts as earlier). */
const later = (stored: string, fresh: string) => `CASE WHEN ${stored} IS NULL OR ${fresh} > ${stored} THEN ${fresh} ELSE ${stored} END`;

/** The statements each trigger runs, the same in both families apart from how booleans add up. */
function bodies(family: DialectFamily) {
  return {
    memberJoined: [`UPDATE clubhouse_totals SET members = members + 1 WHERE id = 1`],
    topicCreated: [
      `UPDATE clubhouse_totals SET
      topics = topics + 1,
      ${moves(family, CHANNELS_0002, channelColumn, 'NEW.channel')}
    WHERE id = 1`,
    ],
    replyAdded: [
      `UPDATE clubhouse_topics SET
      reply_count = reply_count + 1,
      last_reply_at = ${later('last_reply_at', 'NEW.created_at')}
    WHERE id = NEW.topic_id`,
      `UPDATE clubhouse_totals SET replies = replies + 1 WHERE id = 1`,
    ],
    proposalCreated: [
      `INSERT INTO proposal_revisions (proposal_number, number, title, summary, rule_text, rationale, created_at)
    VALUES (NEW.number, NEW.revision_count, NEW.title, NEW.summary, NEW.rule_text, NEW.rationale, NEW.created_at)`,
      `INSERT INTO proposal_status_log (proposal_number, seq, from_status, to_status, reason, at)
    VALUES (NEW.number, NEW.status_changes, NEW.status_from, NEW.status, NEW.status_reason, NEW.status_changed_at)`,
      `UPDATE rules_totals SET
      proposals = proposals + 1,
      ${moves(family, STATUSES_0002, statusColumn, 'NEW.status')}
    WHERE id = 1`,
    ],
    revisionAdded: [
      `UPDATE proposals SET
      title = NEW.title,
      summary = NEW.summary,
      rule_text = NEW.rule_text,
      rationale = NEW.rationale,
      revision_count = NEW.number,
      updated_at = ${later('updated_at', 'NEW.created_at')}
    WHERE number = NEW.proposal_number`,
    ],
    reviewAdded: [
      `UPDATE proposals SET
      review_count = review_count + 1,
      updated_at = ${later('updated_at', 'NEW.created_at')}
    WHERE number = NEW.proposal_number`,
      `UPDATE rules_totals SET reviews = reviews + 1 WHERE id = 1`,
    ],
    statusChanged: [
      `INSERT INTO proposal_status_log (proposal_number, seq, from_status, to_status, reason, at)
    VALUES (NEW.number, NEW.status_changes, OLD.status, NEW.status, NEW.status_reason, NEW.status_changed_at)`,
      `UPDATE rules_totals SET
      ${moves(family, STATUSES_0002, statusColumn, 'NEW.status', 'OLD.status')}
    WHERE id = 1`,
    ],
    arrivalRecorded: [`UPDATE arrival_totals SET arrivals = arrivals + 1 WHERE id = 1`],
  };
}

type Body = keyof ReturnType<typeof bodies>;

/** Trigger name, the event it follows (`AFTER …`), an optional WHEN condition, and its body. */
const TRIGGERS: { name: string; table: string; event: string; when?: string; body: Body }[] = [
  { name: 'clubhouse_member_joined', table: 'clubhouse_members', event: 'AFTER INSERT', body: 'memberJoined' },
  { name: 'clubhouse_topic_created', table: 'clubhouse_topics', event: 'AFTER INSERT', body: 'topicCreated' },
  { name: 'clubhouse_reply_added', table: 'clubhouse_replies', event: 'AFTER INSERT', body: 'replyAdded' },
  { name: 'rules_proposal_created', table: 'proposals', event: 'AFTER INSERT', body: 'proposalCreated' },
  // Revision 1 is written by the proposal's own insert, from the row it already holds.
  { name: 'rules_revision_added', table: 'proposal_revisions', event: 'AFTER INSERT', when: 'NEW.number > 1', body: 'revisionAdded' },
  { name: 'rules_review_added', table: 'proposal_reviews', event: 'AFTER INSERT', body: 'reviewAdded' },
  { name: 'rules_status_changed', table: 'proposals', event: 'AFTER UPDATE OF status', body: 'statusChanged' },
  { name: 'arrival_recorded', table: 'arrivals', event: 'AFTER INSERT', body: 'arrivalRecorded' },
];

export function socialTriggers(family: DialectFamily): string[] {
  const all = bodies(family);
  if (family === 'sqlite') {
    return TRIGGERS.map(
      ({ name, table, event, when, body }) =>
        `CREATE TRIGGER IF NOT EXISTS ${name} ${event} ON ${table} FOR EACH ROW${when ? ` WHEN ${when}` : ''}
  BEGIN
    ${all[body].join(';\n    ')};
  END`,
    );
  }
  return TRIGGERS.flatMap(({ name, table, event, when, body }) => [
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${all[body].join(';\n    ')};
    RETURN NULL;
  END $$`,
    `CREATE OR REPLACE TRIGGER ${name} ${event} ON ${table}
    FOR EACH ROW${when ? ` WHEN (${when})` : ''} EXECUTE FUNCTION ${name}()`,
  ]);
}

/** Drops what `socialTriggers` creates (before the tables go). */
export function socialTriggersDown(family: DialectFamily): string[] {
  if (family === 'sqlite') return TRIGGERS.map(({ name }) => `DROP TRIGGER IF EXISTS ${name}`);
  return TRIGGERS.flatMap(({ name, table }) => [`DROP TRIGGER IF EXISTS ${name} ON ${table}`, `DROP FUNCTION IF EXISTS ${name}()`]);
}
