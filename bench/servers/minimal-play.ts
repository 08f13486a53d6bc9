/**
 * The minimal form of signed play: `node:http`, the query read by hand, then the same work the
 * arena does (score the tape, sign its receipt over the canonical JSON) with the same core
 * functions, and the answer written as one buffer. No router, no Web Request/Response, no
 * validation library, no CORS or request ids: the least a server can do and still give the
 * same answer, so the arena's figure against it is the cost of everything else. With
 * `ANSWER_HEADERS` it sends the arena's headers too, and with `REQUEST_LINES` the arena's
 * request line for each answer (see answer-headers.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseActionString, MAX_QUERY_ACTION_LENGTH } from '../../core/games/packet-run/parse.ts';
import { signedRun } from '../../core/games/packet-run/signed-result.ts';
import { openMemoryStore } from '../../test/support/fixtures/memory-store.ts';
import { arenaHeadersMaker, requestLineWriter } from './answer-headers.ts';
import { CLASSIC, PLAY_PATH, playContext, stopOnSignals } from './play-context.ts';

const context = await playContext(await openMemoryStore());
const headed = arenaHeadersMaker(process.env.ANSWER_HEADERS);
const logged = requestLineWriter(process.env.REQUEST_LINES);

const server = createServer((request, response) => {
  const started = performance.now();
  const url = new URL(request.url ?? '/', 'http://localhost');
  const parsed = url.pathname === PLAY_PATH ? parseActionString(url.searchParams.get('actions') ?? '', MAX_QUERY_ACTION_LENGTH) : undefined;
  if (!parsed?.ok) {
    response.writeHead(parsed ? 400 : 404).end();
    return;
  }
  const agent = url.searchParams.get('agent');
  void signedRun(context, CLASSIC, parsed.value, agent === null ? undefined : { name: agent }).then((run) => {
    const body = Buffer.from(JSON.stringify(run));
    const arenas = headed?.();
    const headers = arenas ? { ...arenas, 'content-length': body.length } : { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
    response.writeHead(200, headers).end(body);
    logged?.(arenas?.['x-request-id'] ?? '', 200, body.length, started);
  });
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`minimal play listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
stopOnSignals((done) => server.close(done));
