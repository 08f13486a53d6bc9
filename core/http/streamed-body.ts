/** Answers whose body is made as the client reads it (exports, event streams). */

/** Stateless: one for every body. */
const encoder = new TextEncoder();

/**
 * A streamed body of `chunks`, pulled one at a time: the runtime asks for the next only as the
 * client takes the last (backpressure), and a client that goes away ends the reading. Text is
 * encoded; bytes are enqueued as they are, so bytes made once may be sent on many bodies.
 *
 * A client going away is no failure: the chunk being made when it went is dropped, not enqueued
 * on a stream that is closed already, and `onError` hears only of chunks that fail to be made.
 * `onCancel` is told as soon as the client goes; `onEnd` once the chunks end however they do
 * (read to the end, failed, or given up).
 */
export function streamedBody(chunks: AsyncIterable<string | Uint8Array>, onError: (error: unknown) => void, onCancel?: () => void, onEnd?: () => void): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<string | Uint8Array>;
        try {
          next = await iterator.next();
        } catch (error) {
          onEnd?.();
          // Work given up because the client went (its wait for a turn aborted): no failure, and nobody to tell.
          if (cancelled) return;
          // The status is sent already: the client sees the body end early, and the failure is reported.
          onError(error);
          controller.error(error);
          return;
        }
        if (next.done) onEnd?.();
        // Cancelled while the chunk was being made: the stream is closed, and nobody will read it.
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value);
      },
      async cancel() {
        cancelled = true;
        // Told first: a generator waiting (not at a yield) would only see `return` once it next yields.
        onCancel?.();
        try {
          await iterator.return?.(undefined);
        } finally {
          onEnd?.();
        }
      },
    },
    { highWaterMark: 0 },
  );
}
