/**
 * The arena on `Bun.serve`, its records in an SQLite file (bun:sqlite).
 *
 *   bun add agent-arena
 *   ARENA_SIGNING_KEY=<32 random bytes in base64url> bun server.ts
 */
import { createArena, decodeBase64Url, deriveServerSecret } from 'agent-arena';
import { errorHandler, fetchHandler } from 'agent-arena/bun';
import { openSqliteStore } from 'agent-arena/storage/sqlite';

const signingKey = decodeBase64Url(process.env.ARENA_SIGNING_KEY ?? '');
if (signingKey?.length !== 32) throw new Error('ARENA_SIGNING_KEY must be 32 random bytes in base64url: keep it, it signs every receipt');

const store = await openSqliteStore(process.env.ARENA_DATABASE ?? 'arena.db');
const arena = createArena({ signingKey, secret: deriveServerSecret(signingKey), store });

const server = Bun.serve({
  port: Number(process.env.PORT ?? 3000),
  // Never Bun's development error page, with its paths and source lines.
  development: false,
  fetch: fetchHandler(arena),
  error: errorHandler(arena),
});
console.log(`listening on http://localhost:${server.port}`);

process.on('SIGTERM', async () => {
  // Event streams never end by themselves: ended here, so the server can stop.
  arena.endEventStreams();
  await server.stop();
  await store.close();
  process.exit(0);
});
