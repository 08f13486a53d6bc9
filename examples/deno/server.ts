/**
 * The arena on `Deno.serve`, its records in an SQLite file (Deno's own node:sqlite).
 *
 *   deno add npm:agent-arena   (or npm install agent-arena)
 *   ARENA_SIGNING_KEY=<32 random bytes in base64url> deno run --allow-net --allow-env --allow-read --allow-write server.ts
 */
import { createArena, decodeBase64Url, deriveServerSecret } from 'agent-arena';
import { errorHandler, fetchHandler } from 'agent-arena/deno';
import { openSqliteStore } from 'agent-arena/storage/sqlite';

const signingKey = decodeBase64Url(Deno.env.get('ARENA_SIGNING_KEY') ?? '');
if (signingKey?.length !== 32) throw new Error('ARENA_SIGNING_KEY must be 32 random bytes in base64url: keep it, it signs every receipt');

const store = await openSqliteStore(Deno.env.get('ARENA_DATABASE') ?? 'arena.db');
const arena = createArena({ signingKey, secret: deriveServerSecret(signingKey), store });

const server = Deno.serve(
  {
    port: Number(Deno.env.get('PORT') ?? 8000),
    onListen: ({ port }) => console.log(`listening on http://localhost:${port}`),
    onError: errorHandler(arena),
  },
  fetchHandler(arena),
);

Deno.addSignalListener('SIGTERM', async () => {
  // Event streams never end by themselves: ended here, so the server can shut down.
  arena.endEventStreams();
  await server.shutdown();
  await store.close();
  Deno.exit(0);
});
