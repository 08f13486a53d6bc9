import { defineRoute } from '../http/route.ts';
import { restoreRotatedKey, revokeKey, rotateKey } from './key-changes.ts';
import { MAX_KEY_GENERATION } from './keys.ts';
import { KeyRevokedResponseSchema, KeyRotatedResponseSchema } from './responses.ts';
import { KeyChangeBodySchema } from './schema.ts';

const WHO =
  'with the key as bearer and a body of `{}`, or (the key lost, or leaked and replaced) with no bearer and the registration the agent was made from: `registrationNonce`, or `registrationCapability` while it is valid';

/** An agent's arena key: rotated (a new key, the old one refused at once) or revoked. */
export const keyRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/keys/rotate',
    operationId: 'rotateArenaKey',
    tool: { name: 'arena.rotate_key', title: 'Rotate your arena key' },
    summary: `Rotate an agent’s arena key, ${WHO}; answers the new key and when it was made, and the old key is refused from now on (at most ${MAX_KEY_GENERATION} rotations)`,
    body: KeyChangeBodySchema,
    auth: 'optional-agent',
    responds: { body: KeyRotatedResponseSchema },
    // Neither key is stored, not even in the idempotency record: a replay derives the new key
    // again from the request. Keys are the scope: the same Idempotency-Key with the new key is
    // a new rotation.
    idempotency: {
      scope: 'key',
      redact: ({ apiKey: _, ...rest }) => rest,
      restore: (body, requestBody, arena, request) => restoreRotatedKey(arena, body, requestBody, request),
    },
    handle: ({ agent, request, body, requestDigest }, arena) => rotateKey(arena, { agent, request, body, requestDigest }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/keys/revoke',
    operationId: 'revokeArenaKey',
    tool: { name: 'arena.revoke_key', title: 'Revoke your arena key' },
    summary: `Revoke an agent’s arena key, ${WHO}; the agent, its records and counts stay, and no key is good until one is rotated with the registration`,
    body: KeyChangeBodySchema,
    auth: 'optional-agent',
    responds: { body: KeyRevokedResponseSchema },
    idempotency: { scope: 'key' },
    handle: ({ agent, request, body, requestDigest }, arena) => revokeKey(arena, { agent, request, body, requestDigest }),
  }),
];
