import type { EventFilter, EventRecord } from './records.ts';

/** The events the store keeps beside the records (written by the store's own triggers, never by the core). */
export interface EventStore {
  /** Up to `limit` events after id `after` that `filter` lets through, oldest first. */
  eventsAfter(after: number, filter: EventFilter, limit: number): Promise<EventRecord[]>;
  /** The newest committed event's id, and the id up to which `eventsAfter` reads (see `EventIds`). */
  eventIds(): Promise<EventIds>;
  /**
   * Calls `wake` whenever events may have been committed by another instance (PostgreSQL's
   * NOTIFY). Absent where the store cannot tell: streams find such events by their poll.
   */
  watchEvents?(wake: () => void): void;
}

/**
 * Where the events stand. `newest` is the newest committed event's id (0 before the first): any
 * id a stream has sent is at most it. `settled` is the id up to which no event can still be
 * committed behind one already read; `eventsAfter` gives none past it. They differ only where
 * writers commit concurrently (PostgreSQL), and only while a transaction that took an id commits.
 */
export interface EventIds {
  newest: number;
  settled: number;
}
