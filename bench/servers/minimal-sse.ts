/**
 * The baseline of `streams-at-scale` on Node: a bare `node:http` server holding every GET open as
 * a Server-Sent Events stream, as the arena's streams begin (a first message with an id), with a
 * heartbeat every few seconds; and every POST a write, answered at once, whose one event is then
 * written with `write` to every open stream, the same bytes to each. No Web Request/Response, no
 * body stream, no routing, no store: the least a Node server can do per open stream and per
 * delivery, before anything the arena keeps or does for them.
 *
 * `FAN_OUT=batched`: the events of the writes read in one turn of the event loop (those that came
 * while the last fan-out ran) are joined and written with one `write` per stream, at the end of
 * the turn: the least per delivery once there are more deliveries than one thread can write one by one.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const OPENED = 'retry: 3000\nid: 0\nevent: stream.opened\ndata: {"kind":"stream.opened","id":0}\n\n';
const HEARTBEAT_MS = 5_000;

const batched = process.env.FAN_OUT === 'batched';
const streams = new Set<ServerResponse>();
let lastEvent = 0;
/** Events not yet written, when batched. */
let pending: Buffer[] = [];

const server = createServer((request, response) => {
  if (request.method === 'POST') write(request, response);
  else follow(request, response);
});

function follow(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
  response.write(OPENED);
  streams.add(response);
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
  request.socket.once('close', () => {
    clearInterval(heartbeat);
    streams.delete(response);
  });
}

/** Shaped as the arena's check-in and its event, which the bench reads: `{ arrival: { id } }`, then `arrival.recorded`. */
function write(request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  request.once('end', () => {
    const id = ++lastEvent;
    const arrival = `fanout-${id}`;
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ arrival: { id: arrival } }));
    const event = Buffer.from(`id: ${id}\nevent: arrival.recorded\ndata: ${JSON.stringify({ id, kind: 'arrival.recorded', data: { id: arrival } })}\n\n`);
    if (!batched) fanOut(event);
    else if (pending.push(event) === 1) setImmediate(flush);
  });
}

function flush(): void {
  const events = Buffer.concat(pending);
  pending = [];
  fanOut(events);
}

function fanOut(bytes: Buffer): void {
  for (const stream of streams) stream.write(bytes);
}

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`minimal sse node:http listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
