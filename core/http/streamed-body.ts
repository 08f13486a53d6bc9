/** Answers whose body is text produced as the client reads it (exports, event streams). */

/**
 * A streamed body of `chunks`, pulled one at a time: the runtime asks for the next only as the
 * client takes the last (backpressure), and a client that goes away ends the reading.
 *
 * A client going away is no failure: the chunk being made when it went is dropped, not enqueued
 * on a stream that is closed already, and `onError` hears only of chunks that fail to be made.
 */
export function streamedBody(chunks: AsyncIterable<string>, onError: (error: unknown) => void, onCancel?: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<string>;
        try {
          next = await iterator.next();
        } catch (error) {
          // Work given up because the client went (its wait for a turn aborted): no failure, and nobody to tell.
          if (cancelled) return;
          // The status is sent already: the client sees the body end early, and the failure is reported.
          onError(error);
          controller.error(error);
          return;
        }
        // Cancelled while the chunk was being made: the stream is closed, and nobody will read it.
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        cancelled = true;
        // Told first: a generator waiting (not at a yield) would only see `return` once it next yields.
        onCancel?.();
        await iterator.return?.(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
