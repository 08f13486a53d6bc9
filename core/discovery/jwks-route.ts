import { CACHE } from '../http/cache.ts';
import { defineRoute } from '../http/route.ts';
import { json } from '../http/respond.ts';
import { JwksResponseSchema } from './responses.ts';

/** The public keys that verify every token and receipt this arena signs, retired ones included. */
export const jwksRoutes = [
  defineRoute({
    method: 'GET',
    path: '/.well-known/jwks.json',
    operationId: 'getJwks',
    cache: CACHE.published,
    summary: 'Public Ed25519 keys (JWKS) that verify every signed token and receipt',
    responds: { type: 'application/jwk-set+json', body: JwksResponseSchema },
    handle: (_, arena) => json(arena.keys.jwks, { headers: { 'content-type': 'application/jwk-set+json' } }),
  }),
];
