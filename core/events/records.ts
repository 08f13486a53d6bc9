/**
 * The arena's live events: one row per public write, kept by the store in the very transaction
 * that writes the record, numbered in the order the writes were committed.
 */

/** Every kind of event, in the order the API describes them. */
export const EVENT_KINDS = [
  'attempt.retained',
  'standings.changed',
  'field.changed',
  'topic.created',
  'reply.added',
  'proposal.created',
  'proposal.revised',
  'review.added',
  'proposal.status',
  'arrival.recorded',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * One stored event: what happened (`kind`), to which record (`subject`, and `part` where the
 * record has parts), by which agent, when. The record itself is read when the event is sent.
 */
export interface EventRecord {
  /** Positive, increasing in commit order across every instance on one database. */
  id: number;
  kind: EventKind;
  /**
   * The record's key: an attempt, topic, reply or arrival id; a proposal's number; the day of a
   * field; the best attempt of a standings change.
   */
  subject: string;
  /**
   * What within the record: the attempt's day, a topic's channel, a reply's topic, a revision's
   * or review's revision number, a status move's position in the log, a field's new state.
   */
  part: string | null;
  /** The agent whose record it is; none for arrivals and fields. */
  agentId: string | null;
  at: string;
}

/** Which events a reader follows: any kinds among `kinds` (all when absent), of one agent or all. */
export interface EventFilter {
  kinds?: readonly EventKind[];
  agentId?: string;
}
