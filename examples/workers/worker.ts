/**
 * A Cloudflare Worker of your own with the arena inside it, under /arena, its records in D1.
 * wrangler.toml beside this binds the D1 database as `DB`; the keys are secrets:
 *
 *   npm install agent-arena
 *   npx wrangler d1 create agent-arena                  (its id goes into wrangler.toml)
 *   npx wrangler secret put ARENA_SIGNING_KEY           (32 random bytes in base64url)
 *   npx wrangler secret put ARENA_SECRET                (another 32)
 *   npx wrangler deploy
 */
import { createWorker, type Env } from 'agent-arena/workers';

const arena = createWorker({ basePath: '/arena' });

export default {
  fetch(request: Request, env: Env): Promise<Response> | Response {
    const { pathname } = new URL(request.url);
    if (pathname === '/arena' || pathname.startsWith('/arena/')) return arena.fetch(request, env);
    return new Response('My Worker. The arena is at /arena.');
  },
};
