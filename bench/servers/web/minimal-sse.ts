/**
 * The baseline of `streams-at-scale` on Bun and Deno: the runtime's own server holding every
 * request open as a Server-Sent Events stream, as the arena's streams begin (a first message with
 * an id), with a heartbeat every few seconds (within Bun's 10 s idle timeout) and nothing else.
 * The counterpart of `bench/servers/minimal-sse.ts`.
 */
import { serveWeb } from './serve.ts';

const encoder = new TextEncoder();
const OPENED = encoder.encode('retry: 3000\nid: 0\nevent: stream.opened\ndata: {"kind":"stream.opened","id":0}\n\n');
const HEARTBEAT = encoder.encode(': heartbeat\n\n');
const HEARTBEAT_MS = 5_000;
const HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' };

serveWeb('minimal sse', () => {
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(OPENED);
      heartbeat = setInterval(() => controller.enqueue(HEARTBEAT), HEARTBEAT_MS);
    },
    cancel() {
      clearInterval(heartbeat);
    },
  });
  return new Response(body, { headers: HEADERS });
});
