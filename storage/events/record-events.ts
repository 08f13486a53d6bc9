/**
 * From migration 0014 a public record is its own event: its row carries the event's id
 * (`event_id`), and a reader takes the event from it. The events table keeps only the events
 * that are no record's: the standings' and the field's changes. A record's event row repeated
 * its id, agent and time, with three index entries, on every write.
 *
 * Ids stay one sequence across the events and every record's table, in commit order as
 * ./settled-horizon.ts reads it:
 * - SQLite and D1 (one writer at a time): the next id follows the highest any of them holds
 *   (`NEXT_SHARED_EVENT_ID`), so the events a write's triggers add come after its record's;
 * - PostgreSQL: each `event_id` defaults to `next_event_id()`, which takes the next of
 *   `event_ids` (the sequence the events' triggers take theirs from) once the transaction has
 *   its transaction id. A reader's snapshot then lists the transaction as in progress for as
 *   long as the record's id is uncommitted, which is what lets the horizon settle past no id
 *   that can still appear.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { EventKind } from '../../core/events/records.ts';
import type { DialectFamily } from '../shared/family.ts';
import type { EventsTable } from './tables.ts';

/** One kind of record that is its own event: its table, and its event's columns as SQL over its row `r`. */
export interface RecordEvent {
  kind: EventKind;
  table: string;
  subject: string;
  part: string;
  /** The agent the event names; over `p`, the record's proposal, where `ofProposal` is set. */
  agent: string;
  at: string;
  /** Which rows are events, where not all are (revision 1 and the first status are the proposal's own), over the row named `row`. */
  only?: (row: string) => string;
  ofProposal?: boolean;
}

const asText = (expression: string) => `CAST(${expression} AS text)`;
const NONE = 'CAST(NULL AS text)';

/** Every record that is its own event, in the order of 0008's triggers. */
export const RECORD_EVENTS: readonly RecordEvent[] = [
  { kind: 'attempt.retained', table: 'attempts', subject: 'r.id', part: 'r.date', agent: 'r.agent_id', at: 'r.created_at' },
  { kind: 'topic.created', table: 'clubhouse_topics', subject: 'r.id', part: 'r.channel', agent: 'r.author_id', at: 'r.created_at' },
  { kind: 'reply.added', table: 'clubhouse_replies', subject: 'r.id', part: 'r.topic_id', agent: 'r.author_id', at: 'r.created_at' },
  { kind: 'proposal.created', table: 'proposals', subject: asText('r.number'), part: "'1'", agent: 'r.author_id', at: 'r.created_at' },
  {
    kind: 'proposal.revised',
    table: 'proposal_revisions',
    subject: asText('r.proposal_number'),
    part: asText('r.number'),
    agent: 'p.author_id',
    at: 'r.created_at',
    only: (row) => `${row}.number > 1`,
    ofProposal: true,
  },
  { kind: 'review.added', table: 'proposal_reviews', subject: asText('r.proposal_number'), part: asText('r.revision'), agent: 'r.reviewer_id', at: 'r.created_at' },
  {
    kind: 'proposal.status',
    table: 'proposal_status_log',
    subject: asText('r.proposal_number'),
    part: asText('r.seq'),
    agent: 'p.author_id',
    at: 'r.at',
    only: (row) => `${row}.seq > 1`,
    ofProposal: true,
  },
  { kind: 'arrival.recorded', table: 'arrivals', subject: 'r.id', part: NONE, agent: NONE, at: 'r.arrived_at' },
];

/** The record kinds by the event kind they are. */
export const RECORD_EVENT_KINDS: ReadonlySet<EventKind> = new Set(RECORD_EVENTS.map(({ kind }) => kind));

/** SQLite's next event id: one more than the highest the events or any record holds. */
export const NEXT_SHARED_EVENT_ID = `(${newestEventId('sqlite')} + 1)`;

/** PostgreSQL's next event id, taken only once the transaction has its transaction id. */
export const NEXT_EVENT_ID_FUNCTION = `CREATE OR REPLACE FUNCTION next_event_id() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
  BEGIN
    PERFORM pg_current_xact_id();
    RETURN nextval('event_ids');
  END $$`;

/**
 * The value an attempt's insert gives `event_id` on SQLite, where a default cannot read a table;
 * none on PostgreSQL, where the column's default gives it. (Other records, written far less
 * often, are numbered by a trigger on SQLite: see migration 0014.)
 */
export function attemptEventId(family: DialectFamily): RawBuilder<number> | undefined {
  return family === 'sqlite' ? sql<number>`${sql.raw(NEXT_SHARED_EVENT_ID)}` : undefined;
}

/**
 * Up to `limit` events of one kind of record after id `after`, as the events table's columns,
 * oldest first; undefined where the agent filter leaves none (a check-in names no agent).
 * With the agent filter, an attempt, topic or proposal is found through its agent's index;
 * a reply, review or revision through the ids after `after`.
 */
export function recordEventsAfter(record: RecordEvent, after: number, agentId: string | undefined, limit: number): RawBuilder<Selectable<EventsTable>> | undefined {
  if (agentId !== undefined && record.agent === NONE) return undefined;
  const agent = agentId === undefined ? sql`` : sql` AND ${sql.raw(record.agent)} = ${agentId}`;
  return sql<Selectable<EventsTable>>`${sql.raw(recordEventRows(record))} AND r.event_id > ${after}${agent} ORDER BY r.event_id LIMIT ${limit}`;
}

/**
 * Every event of one kind of record, as the events table's columns: a SELECT ending in its WHERE,
 * for a reader to narrow (above) or migration 0014's undo to write back as rows.
 */
export function recordEventRows({ kind, table, subject, part, agent, at, only, ofProposal }: RecordEvent): string {
  return `SELECT r.event_id AS id, '${kind}' AS kind, ${subject} AS subject, ${part} AS part, ${agent} AS agent_id, ${at} AS at
    FROM ${table} r${ofProposal ? ' JOIN proposals p ON p.number = r.proposal_number' : ''}
    WHERE r.event_id IS NOT NULL${only ? ` AND ${only('r')}` : ''}`;
}

/**
 * The newest event id the events or any record holds (0 before the first): the greatest of one
 * index lookup per table, not a union, which D1 would refuse for its number of terms.
 */
export function newestEventId(family: DialectFamily): string {
  const each = ['COALESCE((SELECT MAX(id) FROM events), 0)', ...RECORD_EVENTS.map(({ table }) => `COALESCE((SELECT MAX(event_id) FROM ${table}), 0)`)];
  return `${family === 'postgres' ? 'GREATEST' : 'MAX'}(${each.join(', ')})`;
}
