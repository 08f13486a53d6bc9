/**
 * An open event stream: the events after a cursor, read from the store a page at a time, sent as
 * Server-Sent Events or NDJSON; then, caught up, it follows the instance's one reader of new
 * events (tail.ts), or on Workers goes on reading on its own, with a heartbeat whenever nothing
 * has been sent for a while. The store is the only source, so a stream that resumes after the
 * last id it received misses nothing and repeats nothing.
 */
import type { ArenaContext } from '../context.ts';
import { StorageUnavailableError } from '../store/errors.ts';
import { EVENT_BELL } from './bell.ts';
import { attemptsOf, type PublicEvent } from './present.ts';
import type { EventFilter } from './records.ts';
import { EVENT_PAGE, EVENT_TAIL, presented, takes, type Follower, type PresentedEvent } from './tail.ts';

/**
 * Events a stream may hold for a client that reads slower than they come. One more, and the
 * stream ends: the client reconnects with the last id it received and catches up from the store.
 */
export const FOLLOWER_BUFFER = 500;

/** Bytes handed to the runtime at a time: what is waiting, up to about this many. */
const CHUNK_BYTES = 64 * 1024;

/** How often a disconnected EventSource is told to reconnect, in milliseconds (SSE `retry:`). */
const RECONNECT_MS = 3000;

export type EventFormat = 'sse' | 'ndjson';

/** The first message of every stream: where it starts, what it follows, and how often to expect a heartbeat. */
export interface StreamOpened {
  kind: 'stream.opened';
  /** The cursor: events after this id follow. Resuming from it is what `Last-Event-ID` does. */
  id: number;
  kinds: readonly string[] | null;
  agent: string | null;
  heartbeatSeconds: number;
}

/** How a format frames each message. */
interface Framing {
  opened(opened: StreamOpened): string;
  event(event: PublicEvent, json: string): string;
  heartbeat: string;
}

const sse: Framing = {
  opened: (opened) => `retry: ${RECONNECT_MS}\nid: ${opened.id}\nevent: ${opened.kind}\ndata: ${JSON.stringify(opened)}\n\n`,
  // JSON text has no raw line breaks, so one `data:` line holds the whole event.
  event: (event, json) => `id: ${event.id}\nevent: ${event.kind}\ndata: ${json}\n\n`,
  heartbeat: ': heartbeat\n\n',
};

const ndjson: Framing = {
  opened: (opened) => `${JSON.stringify(opened)}\n`,
  event: (_, json) => `${json}\n`,
  // A blank line: NDJSON readers skip it, and it keeps proxies from closing a quiet connection.
  heartbeat: '\n',
};

/** Stateless: one for every stream. */
const encoder = new TextEncoder();

/**
 * An event framed for `format`, as bytes made once and sent as they are on every stream of that
 * format that sends it: encoding them once per stream was a fifth of the CPU of a write seen by
 * thousands of streams. The runtimes only read a chunk of a body (a default stream, not a byte
 * stream: nothing transfers its buffer), so the same bytes may go to every stream.
 */
function framed(event: PresentedEvent & { sse?: Uint8Array; ndjson?: Uint8Array }, format: EventFormat): Uint8Array {
  if (format === 'sse') return (event.sse ??= encoder.encode(sse.event(event.event, event.json)));
  return (event.ndjson ??= encoder.encode(ndjson.event(event.event, event.json)));
}

export interface StreamRequest {
  format: EventFormat;
  opened: StreamOpened;
  filter: EventFilter;
  /** Aborts when the client has gone or the instance is stopping. */
  signal: AbortSignal;
}

/**
 * The stream's bytes, a chunk at a time, until `signal` aborts. When the database becomes
 * unreachable the stream just ends: the client reconnects with `Last-Event-ID`, and is answered
 * 503 until the database is back. One generator, not one per stage: each layer cost every
 * stream a promise and a resumption per chunk.
 */
export async function* eventStream(arena: ArenaContext, { format, opened, filter, signal }: StreamRequest): AsyncGenerator<Uint8Array> {
  const write = format === 'sse' ? sse : ndjson;
  const { heartbeatMs, pollMs } = arena.settings.events;
  const tail = arena.memory.get(EVENT_TAIL);
  const bell = arena.memory.get(EVENT_BELL);
  let follower: StreamFollower | undefined;
  try {
    yield encoder.encode(write.opened(opened));
    let quietSince = performance.now();
    // Catching up, alone: every event after the cursor (its filter applied here, so the cursor
    // passes the events it leaves out), until no further on than the tail, which it then follows;
    // on Workers it goes on so, waiting for the bell, the poll or the heartbeat between reads.
    let cursor = opened.id;
    while (follower === undefined) {
      if (signal.aborted) return;
      const rung = bell.generation;
      const records = await arena.store.eventsAfter(cursor, {}, EVENT_PAGE);
      const attempts = await attemptsOf(
        arena,
        records.filter((record) => takes(filter, record)),
      );
      for (const record of records) {
        cursor = record.id;
        if (!takes(filter, record)) continue;
        yield framed(await presented(arena, record, attempts), format);
        quietSince = performance.now();
        if (signal.aborted) return;
      }
      if (records.length === EVENT_PAGE) continue;
      if (arena.settings.sharedWork) {
        const joining = new StreamFollower(filter, format, cursor);
        if (!tail.join(arena, joining, cursor)) continue;
        follower = joining;
        // Gone while waiting to be read: the tail lets go of it now, not when the body is next pulled.
        signal.addEventListener(
          'abort',
          () => {
            tail.leave(joining);
            joining.end();
          },
          { once: true },
        );
        break;
      }
      const untilHeartbeat = heartbeatMs - (performance.now() - quietSince);
      if (untilHeartbeat <= 0) {
        yield encoder.encode(write.heartbeat);
        quietSince = performance.now();
        continue;
      }
      await bell.wait(rung, Math.min(pollMs, untilHeartbeat), signal);
    }
    while (!signal.aborted) {
      const waiting = follower.take(CHUNK_BYTES);
      if (waiting !== undefined) {
        yield waiting;
        quietSince = performance.now();
        continue;
      }
      if (follower.ended) return;
      const untilHeartbeat = heartbeatMs - (performance.now() - quietSince);
      if (untilHeartbeat <= 0) {
        yield encoder.encode(write.heartbeat);
        quietSince = performance.now();
        continue;
      }
      await follower.wait(untilHeartbeat);
    }
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
  } finally {
    if (follower !== undefined) {
      tail.leave(follower);
      follower.stop();
    }
  }
}

/** A stream's place among the tail's followers: the events it has yet to send, at most FOLLOWER_BUFFER. */
class StreamFollower implements Follower {
  ended = false;
  private waiting: Uint8Array[] = [];
  private wake: (() => void) | undefined;
  /** Wakes the stream for its heartbeat; left armed across wake-ups (see `wait`). */
  private heartbeat: ReturnType<typeof setTimeout> | undefined;

  /** `after`: the last event the stream has, read from the store; the tail may hand on ones up to it again. */
  constructor(
    private readonly filter: EventFilter,
    private readonly format: EventFormat,
    private readonly after: number,
  ) {}

  deliver(events: readonly PresentedEvent[]): boolean {
    if (this.ended) return false;
    for (const event of events) {
      if (event.record.id <= this.after || !takes(this.filter, event.record)) continue;
      if (this.waiting.length >= FOLLOWER_BUFFER) {
        // Too far behind: what waits is dropped, and the client resumes from the last id it has.
        this.waiting = [];
        this.end();
        return false;
      }
      this.waiting.push(framed(event, this.format));
    }
    if (this.waiting.length > 0) this.wakeUp();
    return true;
  }

  /** The tail stopped, or the client went: the stream ends. */
  end(): void {
    this.ended = true;
    this.wakeUp();
  }

  /** The stream is over: its heartbeat no longer holds it. */
  stop(): void {
    clearTimeout(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** What waits, up to about `bytes`: the event's own bytes when one waits, else joined; nothing when none. */
  take(bytes: number): Uint8Array | undefined {
    if (this.waiting.length <= 1) return this.waiting.pop();
    let taken = 0;
    let length = 0;
    while (taken < this.waiting.length && length < bytes) length += this.waiting[taken++]!.byteLength;
    const joined = new Uint8Array(length);
    let at = 0;
    for (const chunk of this.waiting.splice(0, taken)) {
      joined.set(chunk, at);
      at += chunk.byteLength;
    }
    return joined;
  }

  /**
   * Resolves once something waits or the stream ends, or at the latest after `ms`. The heartbeat's
   * timer is armed once and left armed as events wake the stream (arming and clearing one per
   * wake-up cost more than the wake-up): since the stream's quiet only starts later, the timer can
   * only fire early, and the stream then waits again for what is left.
   */
  wait(ms: number): Promise<void> {
    if (this.waiting.length > 0 || this.ended) return Promise.resolve();
    this.heartbeat ??= setTimeout(this.heartbeatDue, ms);
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  private readonly heartbeatDue = () => {
    this.heartbeat = undefined;
    this.wakeUp();
  };

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
