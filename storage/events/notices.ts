/**
 * PostgreSQL tells every instance that events were committed (the instance that wrote them sends
 * `NOTIFY arena_events` once its write has committed: ./announcer.ts), so an instance's streams
 * read another instance's writes at once instead of at their next poll. The poll stays: a notice
 * lost while this connection was down, or never sent, only delays an event until then.
 */
import type { PgPoolClientLike, PgPoolLike } from '../dialects/postgres.ts';

/** The channel instances notify. */
export const EVENTS_CHANNEL = 'arena_events';

/** How long to wait before listening again after the connection was lost. */
const RELISTEN_MS = 1000;

/** A `pg` client that can listen: a pooled client with `notification` events. */
interface ListeningClient extends PgPoolClientLike {
  on(event: 'notification', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  release(destroy?: boolean | Error): void;
}

export interface EventNotices {
  /** Calls `wake` on each notice from now on (listening on one connection of the pool, taken on first use). */
  watch(wake: () => void): void;
  /** Gives the connection back, before the pool ends. */
  close(): void;
}

export function postgresEventNotices(pool: PgPoolLike, onError: (error: Error) => void): EventNotices {
  const wakes = new Set<() => void>();
  let client: ListeningClient | undefined;
  let listening = false;
  let closed = false;
  /** Whether the connection was lost and not yet listening again: said once, not on every retry. */
  let down = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const wakeAll = () => {
    for (const wake of wakes) wake();
  };

  async function listen(): Promise<void> {
    retry = undefined;
    if (closed) return;
    try {
      const taken = (await pool.connect()) as ListeningClient;
      if (closed) return taken.release();
      client = taken;
      taken.on('notification', wakeAll);
      taken.on('error', (error) => lost(taken, error));
      await taken.query(`LISTEN ${EVENTS_CHANNEL}`);
      down = false;
      // Anything committed while nobody listened is read now, not at the next poll.
      wakeAll();
    } catch (error) {
      lost(client, error as Error);
    }
  }

  function lost(broken: ListeningClient | undefined, error: Error): void {
    if (broken !== undefined && broken === client) {
      client = undefined;
      broken.release(true);
    }
    if (closed || retry !== undefined) return;
    if (!down) onError(error);
    down = true;
    retry = setTimeout(() => void listen(), RELISTEN_MS);
  }

  return {
    watch(wake) {
      wakes.add(wake);
      if (!listening) {
        listening = true;
        void listen();
      }
    },
    close() {
      closed = true;
      clearTimeout(retry);
      client?.release(true);
      client = undefined;
    },
  };
}
