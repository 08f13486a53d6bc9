/**
 * An open event stream: the events after a cursor, read from the store a page at a time, sent as
 * Server-Sent Events or NDJSON, then every new one as it is committed (by any instance), with a
 * heartbeat whenever nothing has been sent for a while. The store is the only source, so a stream
 * that resumes after the last id it received misses nothing and repeats nothing.
 */
import type { ArenaContext } from '../context.ts';
import { StorageUnavailableError } from '../store/errors.ts';
import { EVENT_BELL } from './bell.ts';
import { publicEvent, type PublicEvent } from './present.ts';
import type { EventFilter } from './records.ts';

/** Events read from the store per page. */
export const EVENT_PAGE = 100;

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

const sse = {
  opened: (opened: StreamOpened) => `retry: ${RECONNECT_MS}\nid: ${opened.id}\nevent: ${opened.kind}\ndata: ${JSON.stringify(opened)}\n\n`,
  // JSON text has no raw line breaks, so one `data:` line holds the whole event.
  event: (event: PublicEvent) => `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`,
  heartbeat: ': heartbeat\n\n',
};

const ndjson = {
  opened: (opened: StreamOpened) => `${JSON.stringify(opened)}\n`,
  event: (event: PublicEvent) => `${JSON.stringify(event)}\n`,
  // A blank line: NDJSON readers skip it, and it keeps proxies from closing a quiet connection.
  heartbeat: '\n',
};

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
  const { pollMs, heartbeatMs } = arena.settings.events;
  const bell = arena.memory.get(EVENT_BELL);
  let cursor = opened.id;
  yield write.opened(opened);
  let quietSince = performance.now();
  while (!signal.aborted) {
    const rung = bell.generation;
    const events = await arena.store.eventsAfter(cursor, filter, EVENT_PAGE);
    if (events.length > 0) {
      const chunks: string[] = [];
      for (const event of events) chunks.push(write.event(await publicEvent(arena, event)));
      cursor = events.at(-1)!.id;
      yield chunks.join('');
      quietSince = performance.now();
      if (events.length === EVENT_PAGE) continue;
    }
    const untilHeartbeat = heartbeatMs - (performance.now() - quietSince);
    if (untilHeartbeat <= 0) {
      yield write.heartbeat;
      quietSince = performance.now();
      continue;
    }
    await bell.wait(rung, Math.min(pollMs, untilHeartbeat), signal);
  }
}
