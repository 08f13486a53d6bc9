/**
 * The arena on a Kysely instance of your own, on PostgreSQL, served by Node's HTTP server. The
 * arena migrates its tables into the database (give it a database of its own), and leaves the
 * Kysely instance and its pool to you.
 *
 *   npm install agent-arena kysely pg
 *   DATABASE_URL=postgres://… ARENA_SIGNING_KEY=<32 random bytes in base64url> node server.ts   (Node 22.18 or later runs TypeScript)
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createArena, decodeBase64Url, deriveServerSecret } from 'agent-arena';
import { serve } from 'agent-arena/node';
import { openKyselyStore } from 'agent-arena/storage/kysely';

const signingKey = decodeBase64Url(process.env.ARENA_SIGNING_KEY ?? '');
if (signingKey?.length !== 32) throw new Error('ARENA_SIGNING_KEY must be 32 random bytes in base64url: keep it, it signs every receipt');

const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL }) }) });
const store = await openKyselyStore(db, 'postgres');
const arena = createArena({ signingKey, secret: deriveServerSecret(signingKey), store });

const server = await serve(arena, { port: Number(process.env.PORT ?? 8787) });
console.log(`listening on http://localhost:${server.port}`);

process.on('SIGTERM', async () => {
  // Every answer in flight is sent, then the pool ends: the store leaves it to its owner.
  await server.close();
  await db.destroy();
});
