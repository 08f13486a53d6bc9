/**
 * The triggers of migration 0008: each public write adds its event in the transaction that writes
 * the record, so an event exists exactly when its record does, whichever instance wrote it.
 *
 * On PostgreSQL each runs at commit (a deferred constraint trigger): it takes the event counter's
 * lock as its transaction's last lock, and holds it only while committing. So ids follow commit
 * order, and no transaction can wait on the counter while holding a lock another one holding the
 * counter wants (a revision locks its proposal before its event, a review after: no deadlock).
 * Deferred triggers run in the order their rows were written: the record's own event first, then
 * the standings and field changes its statement's triggers made. SQLite and D1 have one writer
 * at a time, so their triggers run at once, and SQLite fires the newest trigger (these) first.
 */
import type { DialectFamily } from '../shared/family.ts';
import type { TriggerSpec } from '../shared/migration-sql.ts';
import { NEXT_SHARED_EVENT_ID } from './record-events.ts';
import { EVENTS_CHANNEL } from './notices.ts';

/** SQL expressions for an event's columns, evaluated in the trigger (NEW.… and subqueries). */
interface EventColumns {
  subject: string;
  part: string;
  agent: string;
  at: string;
}

const NONE = 'CAST(NULL AS text)';
const asText = (expression: string) => `CAST(${expression} AS text)`;
const authorOf = (proposalNumber: string) => `(SELECT author_id FROM proposals WHERE number = ${proposalNumber})`;
/** A field's state changes with an attempt of the day: the newest one, which is the attempt being written. */
const LATEST_ATTEMPT_OF_DAY = '(SELECT MAX(created_at) FROM attempts WHERE date = NEW.date)';

/**
 * Where event ids come from. PostgreSQL's: the one-row counter of 0008; from 0014 until the
 * upgrade is finished (`counter-kept`), the counter's still, each record's also kept on its row
 * (`event_id`), where this release reads it; once finished (0015), the sequence `event_ids`
 * (see ./0015-event-ids.ts). SQLite's: the rowid, or, from 0014 on (`shared`), one more than the
 * highest of the events and the records' own (./record-events.ts).
 */
export type EventIdSource = 'counter' | 'counter-kept' | 'sequence' | 'shared';

/** Each record table's primary key: the row a `counter-kept` trigger gives its event's id. */
const RECORD_KEYS: Readonly<Record<string, readonly string[]>> = {
  attempts: ['id'],
  clubhouse_topics: ['id'],
  clubhouse_replies: ['id'],
  proposals: ['number'],
  proposal_revisions: ['proposal_number', 'number'],
  proposal_reviews: ['proposal_number', 'revision'],
  proposal_status_log: ['proposal_number', 'seq'],
  arrivals: ['id'],
};

/**
 * The statement that records one event: the next id is the rowid on SQLite, the counter's or the
 * sequence's next on PostgreSQL. With the counter (0008 to 0010) it also tells the other
 * instances (delivered at commit; notices of one transaction are folded into one).
 */
function announce(family: DialectFamily, ids: EventIdSource, table: string, kind: string, { subject, part, agent, at }: EventColumns): string {
  if (family === 'sqlite') {
    if (ids === 'shared') return `INSERT INTO events (id, kind, subject, part, agent_id, at) VALUES (${NEXT_SHARED_EVENT_ID}, '${kind}', ${subject}, ${part}, ${agent}, ${at})`;
    return `INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('${kind}', ${subject}, ${part}, ${agent}, ${at})`;
  }
  const notify = `PERFORM pg_notify('${EVENTS_CHANNEL}', '')`;
  // From 0011 the writing instance notifies after its commit (./announcer.ts): a NOTIFY in
  // the transaction takes a lock at commit that every notifying transaction queues on.
  if (ids === 'sequence' || ids === 'shared') {
    return `INSERT INTO events (id, kind, subject, part, agent_id, at) VALUES (nextval('event_ids'), '${kind}', ${subject}, ${part}, ${agent}, ${at})`;
  }
  const key = RECORD_KEYS[table];
  if (ids === 'counter-kept' && key) {
    // The record is updated at commit, as its event is written: the counter stays its transaction's last lock.
    return `WITH next AS (UPDATE event_counter SET last_id = last_id + 1 WHERE id = 1 RETURNING last_id),
      announced AS (INSERT INTO events (id, kind, subject, part, agent_id, at)
        SELECT last_id, '${kind}', ${subject}, ${part}, ${agent}, ${at} FROM next RETURNING id)
    UPDATE ${table} SET event_id = (SELECT id FROM announced) WHERE ${key.map((column) => `${column} = NEW.${column}`).join(' AND ')};
    ${notify}`;
  }
  return `WITH next AS (UPDATE event_counter SET last_id = last_id + 1 WHERE id = 1 RETURNING last_id)
    INSERT INTO events (id, kind, subject, part, agent_id, at)
    SELECT last_id, '${kind}', ${subject}, ${part}, ${agent}, ${at} FROM next;
    ${notify}`;
}

export function eventTriggers(family: DialectFamily, ids: EventIdSource = 'counter'): TriggerSpec[] {
  const on = (name: string, table: string, event: string, kind: string, columns: EventColumns, when?: string): TriggerSpec => ({
    name,
    table,
    event,
    ...(when === undefined ? {} : { when }),
    body: [announce(family, ids, table, kind, columns)],
    atCommit: true,
  });
  const standings: EventColumns = { subject: 'NEW.best_attempt_id', part: 'NEW.date', agent: 'NEW.agent_id', at: 'NEW.achieved_at' };
  const field = (state: string): EventColumns => ({ subject: 'NEW.date', part: `'${state}'`, agent: NONE, at: LATEST_ATTEMPT_OF_DAY });
  return [
    on('announce_attempt', 'attempts', 'AFTER INSERT', 'attempt.retained', { subject: 'NEW.id', part: 'NEW.date', agent: 'NEW.agent_id', at: 'NEW.created_at' }),
    // An agent's first attempt of the day enters the standings; a better one moves it.
    on('announce_standing', 'day_bests', 'AFTER INSERT', 'standings.changed', standings),
    on('announce_standing_raised', 'day_bests', 'AFTER UPDATE OF best_attempt_id', 'standings.changed', standings, 'NEW.best_attempt_id <> OLD.best_attempt_id'),
    // Competitive from two finishers (core/league/status.ts), forming before.
    on('announce_field_forming', 'day_counts', 'AFTER INSERT', 'field.changed', field('forming')),
    on('announce_field_competitive', 'day_counts', 'AFTER UPDATE OF finisher_count', 'field.changed', field('competitive'), 'OLD.finisher_count < 2 AND NEW.finisher_count >= 2'),
    on('announce_topic', 'clubhouse_topics', 'AFTER INSERT', 'topic.created', { subject: 'NEW.id', part: 'NEW.channel', agent: 'NEW.author_id', at: 'NEW.created_at' }),
    on('announce_reply', 'clubhouse_replies', 'AFTER INSERT', 'reply.added', { subject: 'NEW.id', part: 'NEW.topic_id', agent: 'NEW.author_id', at: 'NEW.created_at' }),
    on('announce_proposal', 'proposals', 'AFTER INSERT', 'proposal.created', { subject: asText('NEW.number'), part: "'1'", agent: 'NEW.author_id', at: 'NEW.created_at' }),
    // Revision 1 and the first status are the proposal's own insert, announced above.
    on(
      'announce_revision',
      'proposal_revisions',
      'AFTER INSERT',
      'proposal.revised',
      { subject: asText('NEW.proposal_number'), part: asText('NEW.number'), agent: authorOf('NEW.proposal_number'), at: 'NEW.created_at' },
      'NEW.number > 1',
    ),
    on('announce_review', 'proposal_reviews', 'AFTER INSERT', 'review.added', {
      subject: asText('NEW.proposal_number'),
      part: asText('NEW.revision'),
      agent: 'NEW.reviewer_id',
      at: 'NEW.created_at',
    }),
    on(
      'announce_status',
      'proposal_status_log',
      'AFTER INSERT',
      'proposal.status',
      { subject: asText('NEW.proposal_number'), part: asText('NEW.seq'), agent: authorOf('NEW.proposal_number'), at: 'NEW.at' },
      'NEW.seq > 1',
    ),
    on('announce_arrival', 'arrivals', 'AFTER INSERT', 'arrival.recorded', { subject: 'NEW.id', part: NONE, agent: NONE, at: 'NEW.arrived_at' }),
  ];
}
