/**
 * Tells the other instances on PostgreSQL that events were committed (`NOTIFY arena_events`,
 * which their listening connections hear: ./notices.ts), once a write of this instance has
 * committed.
 *
 * Migration 0008's triggers notified inside each writing transaction. PostgreSQL serialises the
 * commits of transactions that notified (each takes one lock on the notification queue while it
 * commits), so every write of every instance queued there. A notice sent after the commit, in a
 * statement of its own, holds no write back; the writes that commit while one is being sent are
 * told by the next, one notice for many. If this instance dies between a commit and its notice,
 * the other instances find that write at their next poll.
 */
import { sql, type Kysely } from 'kysely';
import { EVENTS_CHANNEL } from './notices.ts';

export interface EventAnnouncer {
  /** Says a write that may have added events has committed. */
  written(): void;
  /** Sends no more, after the notice under way. */
  close(): Promise<void>;
}

export function eventAnnouncer(db: Kysely<any>): EventAnnouncer {
  let sending: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const send = (): void => {
    again = false;
    sending = sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`
      .execute(db)
      .then(
        () => undefined,
        // Unheard, the write is found at the other instances' next poll.
        () => undefined,
      )
      .finally(() => {
        sending = undefined;
        if (again && !closed) send();
      });
  };
  return {
    written() {
      if (closed) return;
      if (sending) again = true;
      else send();
    },
    async close() {
      closed = true;
      await sending;
    },
  };
}
