import type { EventFilter, EventRecord } from './records.ts';

/** The events the store keeps beside the records (written by the store's own triggers, never by the core). */
export interface EventStore {
  /** Up to `limit` events after id `after` that `filter` lets through, oldest first. */
  eventsAfter(after: number, filter: EventFilter, limit: number): Promise<EventRecord[]>;
  /** The newest committed event's id; 0 before the first. */
  latestEventId(): Promise<number>;
  /**
   * Calls `wake` whenever events may have been committed by another instance (PostgreSQL's
   * NOTIFY). Absent where the store cannot tell: streams find such events by their poll.
   */
  watchEvents?(wake: () => void): void;
}
