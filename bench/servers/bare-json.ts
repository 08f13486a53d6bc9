/**
 * The baseline of `http-play-node`: a bare `node:http` server answering every request with one
 * fixed JSON body, BODY_BYTES long, of CONTENT_TYPE. No routing, no Web Request/Response, no
 * scoring or signing: what serving the same bytes costs on this machine and this Node.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const bytes = Number(process.env.BODY_BYTES);
const contentType = process.env.CONTENT_TYPE ?? 'application/json';
const body = jsonOfLength(bytes);

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`bare node:http listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));

/** `{"padding":"xxx…"}`, exactly `length` bytes of valid JSON. */
function jsonOfLength(length: number): Buffer {
  const frame = '{"padding":""}';
  if (!Number.isInteger(length) || length < frame.length) throw new RangeError(`BODY_BYTES must be an integer of at least ${frame.length}`);
  return Buffer.from(`{"padding":"${'x'.repeat(length - frame.length)}"}`);
}
