/**
 * The baseline of `http-triad-chain-node`: a bare `node:http` server answering each path of
 * ROUTES (a JSON object: path without query → { contentType, body }) with that fixed body, and
 * 404 for any other path. The bodies are real answers captured beforehand, so clients can read
 * the same fields from them and send requests of the same length. No query parsing, no Web
 * Request/Response, no tokens: what serving the same bytes on the same paths costs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Route {
  contentType: string;
  body: string;
}

const routes = new Map(
  Object.entries(JSON.parse(process.env.ROUTES ?? '{}') as Record<string, Route>).map(([path, route]) => [path, { contentType: route.contentType, body: Buffer.from(route.body) }]),
);
if (routes.size === 0) throw new Error('ROUTES must map at least one path to a body');

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  const route = routes.get(query === -1 ? url : url.slice(0, query));
  if (!route) {
    response.writeHead(404, { 'content-length': 0 });
    response.end();
    return;
  }
  response.writeHead(200, { 'content-type': route.contentType, 'content-length': route.body.length });
  response.end(route.body);
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`bare node:http routes listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
