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
import type { PublicEvent } from './present.ts';
import type { EventFilter } from './records.ts';
import { EVENT_PAGE, EVENT_TAIL, presented, takes, type Follower, type PresentedEvent } from './tail.ts';

/**
 * Events a stream may hold for a client that reads slower than they come. One more, and the
 * stream ends: the client reconnects with the last id it received and catches up from the store.
 */
export const FOLLOWER_BUFFER = 500;

/** Text handed to the runtime at a time: what is waiting, up to about this many characters. */
const CHUNK_CHARS = 64 * 1024;

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

/** An event framed for `format`, made once for every stream of that format. */
function framed(event: PresentedEvent & { sse?: string; ndjson?: string }, format: EventFormat): string {
  if (format === 'sse') return (event.sse ??= sse.event(event.event, event.json));
  return (event.ndjson ??= ndjson.event(event.event, event.json));
}

export interface StreamRequest {
  format: EventFormat;
  opened: StreamOpened;
  filter: EventFilter;
  /** Aborts when the client has gone or the instance is stopping. */
  signal: AbortSignal;
}

/**
 * The stream's text, a chunk at a time, until `signal` aborts. When the database becomes
 * unreachable the stream just ends: the client reconnects with `Last-Event-ID`, and is answered
 * 503 until the database is back.
 */
export async function* eventStream(arena: ArenaContext, request: StreamRequest): AsyncGenerator<string> {
  try {
    yield* openStream(arena, request);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
  }
}

async function* openStream(arena: ArenaContext, { format, opened, filter, signal }: StreamRequest): AsyncGenerator<string> {
  const write = format === 'sse' ? sse : ndjson;
  const { heartbeatMs, pollMs } = arena.settings.events;
  const tail = arena.memory.get(EVENT_TAIL);
  const bell = arena.memory.get(EVENT_BELL);
  yield write.opened(opened);
  let quietSince = performance.now();
  // Catching up, alone: every event after the cursor (its filter applied here, so the cursor
  // passes the events it leaves out), until no further on than the tail, which it then follows;
  // on Workers it goes on so, waiting for the bell, the poll or the heartbeat between reads.
  let cursor = opened.id;
  let follower: StreamFollower | undefined;
  while (follower === undefined) {
    if (signal.aborted) return;
    const rung = bell.generation;
    const records = await arena.store.eventsAfter(cursor, {}, EVENT_PAGE);
    for (const record of records) {
      cursor = record.id;
      if (!takes(filter, record)) continue;
      yield framed(await presented(arena, record), format);
      quietSince = performance.now();
      if (signal.aborted) return;
    }
    if (records.length === EVENT_PAGE) continue;
    if (arena.settings.sharedWork) {
      const joining = new StreamFollower(filter, format, cursor);
      if (!tail.join(arena, joining, cursor)) continue;
      follower = joining;
      // Gone while waiting to be read: the tail lets go of it now, not when the body is next pulled.
      signal.addEventListener('abort', () => tail.leave(joining), { once: true });
      break;
    }
    const untilHeartbeat = heartbeatMs - (performance.now() - quietSince);
    if (untilHeartbeat <= 0) {
      yield write.heartbeat;
      quietSince = performance.now();
      continue;
    }
    await bell.wait(rung, Math.min(pollMs, untilHeartbeat), signal);
  }
  try {
    while (!signal.aborted) {
      const waiting = follower.take(CHUNK_CHARS);
      if (waiting !== '') {
        yield waiting;
        quietSince = performance.now();
        continue;
      }
      if (follower.ended) return;
      const untilHeartbeat = heartbeatMs - (performance.now() - quietSince);
      if (untilHeartbeat <= 0) {
        yield write.heartbeat;
        quietSince = performance.now();
        continue;
      }
      await follower.wait(untilHeartbeat, signal);
    }
  } finally {
    tail.leave(follower);
  }
}

/** A stream's place among the tail's followers: the events it has yet to send, at most FOLLOWER_BUFFER. */
class StreamFollower implements Follower {
  ended = false;
  private waiting: string[] = [];
  private wake: (() => void) | undefined;

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
    if (this.waiting.length > 0) this.wake?.();
    return true;
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  /** What waits, joined, up to about `chars` characters. */
  take(chars: number): string {
    let text = '';
    let taken = 0;
    while (taken < this.waiting.length && text.length < chars) text += this.waiting[taken++];
    this.waiting.splice(0, taken);
    return text;
  }

  /** Resolves once something waits, the stream ends, `signal` aborts or `ms` pass. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    if (this.waiting.length > 0 || this.ended || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.wake = done;
    });
  }
}
