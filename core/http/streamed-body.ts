/** Answers whose body is text produced as the client reads it (exports, event streams). */

/**
 * A streamed body of `chunks`, pulled one at a time: the runtime asks for the next only as the
 * client takes the last (backpressure), and a client that goes away ends the reading.
 */
export function streamedBody(chunks: AsyncIterable<string>, onError: (error: unknown) => void, onCancel?: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(encoder.encode(value));
        } catch (error) {
          // The status is sent already: the client sees the body end early, and the failure is reported.
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        // Told first: a generator waiting (not at a yield) would only see `return` once it next yields.
        onCancel?.();
        await iterator.return?.(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
