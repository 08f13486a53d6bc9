/**
 * The minimal form of State Forge play: `node:http`, the body read whole and parsed with
 * `JSON.parse`, then the same work the arena does (open the capsule, verifying its token;
 * play the actions; sign a forge receipt over the evidence) with the same core functions, and
 * the answer written as one buffer. No router, no Web Request/Response, no validation library:
 * the arena's figure against it is the cost of everything else.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openCapsule } from '../../core/games/state-forge/capsule.ts';
import { playCapsule } from '../../core/games/state-forge/evidence.ts';
import { openMemoryStore } from '../../test/support/fixtures/memory-store.ts';
import { FORGE_PLAY_PATH, playContext, stopOnSignals } from './play-context.ts';

const context = await playContext(await openMemoryStore());

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== FORGE_PLAY_PATH) {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { capsule: string; actions: string[] };
    void openCapsule(context.tokens, body.capsule)
      .then((capsule) => playCapsule(context, capsule, body.actions))
      .then((played) => {
        const bytes = Buffer.from(JSON.stringify(played));
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length }).end(bytes);
      });
  });
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`minimal forge play listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
stopOnSignals((done) => server.close(done));
