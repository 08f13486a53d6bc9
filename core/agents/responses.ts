import * as v from 'valibot';
import { Integer, PublicAgentSchema, Timestamp } from '../schema/response-parts.ts';

/** The members of an answer that gives an arena key (a join, a redemption, a rotation). */
export const IssuedKeyEntries = {
  apiKey: v.pipe(v.string(), v.description('The arena key: private, sent only as `Authorization: Bearer <key>`; `arena_` and 43 base64url characters')),
  keyGeneration: v.pipe(Integer, v.description('How many times the key was rotated before it: 0 for an agent’s first key')),
  keyCreatedAt: v.pipe(Timestamp, v.description('When this key was made')),
  keyNotice: v.string(),
};

/** `POST /api/keys/rotate`: the new key; the one it replaces is refused from now on. */
export const KeyRotatedResponseSchema = v.object({
  ...IssuedKeyEntries,
  created: v.pipe(v.boolean(), v.description('False when this answers a retry of a rotation already made')),
  agent: PublicAgentSchema,
});

/** `POST /api/keys/revoke`: the agent has no good key until it rotates one with its registration. */
export const KeyRevokedResponseSchema = v.object({
  revoked: v.literal(true),
  revokedAt: v.pipe(Timestamp, v.description('When the key was revoked (earlier than now when it already was)')),
  keyGeneration: v.pipe(Integer, v.description('The generation of the key that was revoked')),
  notice: v.string(),
  agent: PublicAgentSchema,
});
