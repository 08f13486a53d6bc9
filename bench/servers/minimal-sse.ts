/**
 * The baseline of `streams-at-scale` on Node: a bare `node:http` server holding every request
 * open as a Server-Sent Events stream, as the arena's streams begin (a first message with an id),
 * with a heartbeat every few seconds and nothing else. No Web Request/Response, no body stream,
 * no routing: what an open stream costs this Node before anything the arena keeps for it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const OPENED = 'retry: 3000\nid: 0\nevent: stream.opened\ndata: {"kind":"stream.opened","id":0}\n\n';
const HEARTBEAT_MS = 5_000;

const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
  response.write(OPENED);
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
  request.socket.once('close', () => clearInterval(heartbeat));
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`minimal sse node:http listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
