import type { IncomingMessage } from 'node:http';

/**
 * The whole request body, read from Node as it comes, with no web stream made for it: for a
 * body whose length is declared, which Node's parser never reads past. Fails as the stream
 * does when the client goes away before the body ends.
 */
export function bodyBytes(incoming: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const settle = (error?: Error) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', settle);
      incoming.off('close', onClose);
      if (error) reject(error);
      else resolve(new Uint8Array(Buffer.concat(chunks)));
    };
    const onEnd = () => settle();
    const onClose = () => settle(new Error('the client closed the connection before the body ended'));
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', settle);
    incoming.once('close', onClose);
    incoming.resume();
  });
}

/**
 * The request body as a web stream that Node reads only as fast as the core pulls, so no more
 * than about the core's limit is ever buffered. Cancelling it (the core stops at its limit)
 * stops reading and leaves the rest unread; the answer then closes the connection.
 *
 * Unlike `Readable.toWeb`, nothing is enqueued once the stream is cancelled, closed or errored:
 * a chunk Node had already scheduled would otherwise throw `ERR_INVALID_STATE` outside any
 * request, which ended the process.
 */
export function bodyStream(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  let onData: (chunk: Buffer) => void = () => undefined;
  const stop = () => {
    open = false;
    incoming.off('data', onData);
    incoming.pause();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        onData = (chunk) => {
          if (!open) return;
          // A copy: the core may hold it past Node's reuse of its buffer.
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        };
        const end = (error?: Error) => {
          if (!open) return;
          stop();
          if (error) controller.error(error);
          else controller.close();
        };
        // Paused before the 'data' listener, which would otherwise start the flow at once.
        incoming.pause();
        incoming.on('data', onData);
        incoming.once('end', () => end());
        incoming.once('error', (error) => end(error));
        // 'close' without 'end': the client went away mid-body.
        incoming.once('close', () => end(new Error('the client closed the connection before the body ended')));
      },
      pull() {
        incoming.resume();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 16_384, size: (chunk) => chunk.byteLength },
  );
}
