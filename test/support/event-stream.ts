/**
 * A client of `GET /api/events` for tests: reads the stream as it comes, with a stock SSE parser
 * (eventsource-parser, the one the MCP SDK and the `eventsource` package use) or line by line for
 * NDJSON, and hands out each message as it arrives.
 */
import { createParser } from 'eventsource-parser';

/** One message: its SSE id and event name (NDJSON: the line's own `id` and `kind`), and its data parsed. */
export interface StreamMessage {
  id: string | undefined;
  event: string | undefined;
  data: Record<string, any>;
}

export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** The body when the answer was not a stream (a problem). */
  refusal: Record<string, any> | undefined;
  /** Heartbeats seen so far (SSE comments, or blank NDJSON lines). */
  heartbeats: number;
  /** The next message, waiting at most `timeoutMs` for it. */
  next(timeoutMs?: number): Promise<StreamMessage>;
  /** Messages until (and with) the first that `last` accepts. */
  until(last: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage[]>;
  /** Waits for a heartbeat after the ones seen so far. */
  heartbeat(timeoutMs?: number): Promise<void>;
  /** Disconnects. */
  close(): void;
}

export async function openEventStream(url: string, options: { format?: 'sse' | 'ndjson'; headers?: Record<string, string> } = {}): Promise<EventStreamReader> {
  const format = options.format ?? 'sse';
  const aborter = new AbortController();
  const response = await fetch(url, {
    headers: { accept: format === 'sse' ? 'text/event-stream' : 'application/x-ndjson', ...options.headers },
    signal: aborter.signal,
  });
  const queue: StreamMessage[] = [];
  let wake: (() => void) | undefined;
  let ended: Error | undefined;
  const reader: EventStreamReader = {
    status: response.status,
    headers: response.headers,
    refusal: undefined,
    heartbeats: 0,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      if (reader.refusal) throw new Error(`the stream was refused: ${reader.status} ${JSON.stringify(reader.refusal)}`);
      while (queue.length === 0) {
        if (ended) throw ended;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => (clearTimeout(timer), resolve());
        });
      }
      return queue.shift()!;
    },
    async until(last, timeoutMs = 10_000) {
      const messages: StreamMessage[] = [];
      for (;;) {
        const message = await reader.next(timeoutMs);
        messages.push(message);
        if (last(message)) return messages;
      }
    },
    async heartbeat(timeoutMs = 10_000) {
      const seen = reader.heartbeats;
      const deadline = Date.now() + timeoutMs;
      while (reader.heartbeats === seen) {
        if (ended) throw ended;
        if (Date.now() > deadline) throw new Error(`no heartbeat within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => aborter.abort(),
  };
  if (!response.ok || !response.body) {
    reader.refusal = JSON.parse(await response.text());
    return reader;
  }
  const arrived = (message: StreamMessage) => {
    queue.push(message);
    wake?.();
  };
  const feed = format === 'sse' ? sseFeed(arrived, () => reader.heartbeats++) : ndjsonFeed(arrived, () => reader.heartbeats++);
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) feed(decoder.decode(chunk, { stream: true }));
      ended = new Error('the stream ended');
    } catch (error) {
      ended = error instanceof Error ? error : new Error(String(error));
    }
    wake?.();
  })();
  return reader;
}

function sseFeed(arrived: (message: StreamMessage) => void, heartbeat: () => void): (text: string) => void {
  const parser = createParser({
    onEvent: ({ id, event, data }) => arrived({ id, event, data: JSON.parse(data) }),
    onComment: () => heartbeat(),
  });
  return (text) => parser.feed(text);
}

function ndjsonFeed(arrived: (message: StreamMessage) => void, heartbeat: () => void): (text: string) => void {
  let pending = '';
  return (text) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (line === '') heartbeat();
      else {
        const data = JSON.parse(line);
        arrived({ id: String(data.id), event: data.kind, data });
      }
    }
  };
}
