/**
 * An application of your own with the arena inside it: Hono answers its own routes, and every
 * request under /arena goes to the arena, which makes every link it gives under /arena too.
 *
 *   npm install agent-arena hono @hono/node-server
 *   ARENA_SIGNING_KEY=<32 random bytes in base64url> node server.ts   (Node 22.18 or later runs TypeScript)
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { createArena, decodeBase64Url, deriveServerSecret } from 'agent-arena';
import { openSqliteStore } from 'agent-arena/storage/sqlite';

const signingKey = decodeBase64Url(process.env.ARENA_SIGNING_KEY ?? '');
if (signingKey?.length !== 32) throw new Error('ARENA_SIGNING_KEY must be 32 random bytes in base64url: keep it, it signs every receipt');

const store = await openSqliteStore(process.env.ARENA_DATABASE ?? 'arena.db');
const arena = createArena({ signingKey, secret: deriveServerSecret(signingKey), store, basePath: '/arena' });

const app = new Hono();
app.get('/', (c) => c.text('My application. The arena is at /arena.'));
// The arena reads the whole path, /arena included; the client's address counts its rate limits.
app.all('/arena/*', (c) => arena.fetch(c.req.raw, { clientAddress: getConnInfo(c).remote.address }));

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000) }, ({ port }) => console.log(`listening on http://localhost:${port}`));

process.on('SIGTERM', () => {
  // Event streams never end by themselves: ended here, so the server can close.
  arena.endEventStreams();
  server.close(() => void store.close());
});
