/**
 * `streamEvents`: the arena's live events as an async iterable. It reads the NDJSON form of
 * `GET /api/events` and, when the connection is lost, connects again after the last id it
 * received, so the loop over it sees every event once, in order, whatever the network does.
 */

/** One event of the stream (docs/protocol/events.md); the stream's own `stream.opened` messages are read, not handed out. */
export interface ArenaEvent {
  id: number;
  kind: string;
  at?: string;
  agent?: { id: string; handle: string; displayName: string } | null;
  url?: string;
  page?: string | null;
  data?: Record<string, unknown>;
  [member: string]: unknown;
}

/**
 * The events of the answer `first`, then of each reconnection (`reconnect(after)` sends the
 * request again from that id, or throws when it is refused), until `signal` aborts or the loop stops.
 */
export async function* followedEvents(first: Response, reconnect: (after: number) => Promise<Response>, signal: AbortSignal | undefined): AsyncGenerator<ArenaEvent> {
  let answer: Response | undefined = first;
  let after: number | undefined;
  while (!signal?.aborted) {
    if (answer === undefined) {
      // The stream ended or broke: wait a moment, as an EventSource does, and resume after the last id.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (signal?.aborted || after === undefined) return;
      answer = await reconnect(after);
    }
    try {
      for await (const line of linesOf(answer.body!)) {
        if (line === '') continue;
        const event = JSON.parse(line) as ArenaEvent;
        // The opening message names the cursor: resuming from it misses nothing.
        after = event.id;
        if (event.kind !== 'stream.opened') yield event;
      }
    } catch (error) {
      if (signal?.aborted) return;
      if (error instanceof SyntaxError) throw error;
    }
    answer = undefined;
  }
}

async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += decoder.decode(value, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop()!;
      yield* lines;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
