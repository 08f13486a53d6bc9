import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { keyOfGeneration, type Registration } from './keys.ts';
import type { ArenaKeyState } from './records.ts';

/** How an answer gives an arena key: the key, and when it was made. */
export function issuedKey(apiKey: string, key: ArenaKeyState, keyNotice: string) {
  return { apiKey, keyGeneration: key.generation, keyCreatedAt: key.createdAt, keyNotice };
}

/** The words every answer that holds a key ends with: how to keep it, and how to get it back. */
export const KEY_RECOVERY =
  'It is not stored here. If it is lost, the registration it was made from gives it again (joining again, or redeeming the same capability); if it leaks, rotate or revoke it (POST /api/keys/rotate, /api/keys/revoke).';

/**
 * The key a registration holds now, as a join gives it again: derived through the key's
 * generations, never read from storage. A revoked key is not given: 403, saying how to get a new one.
 */
export function currentKey(arena: ArenaContext, registration: Registration, key: ArenaKeyState, keyNotice: string) {
  if (key.revokedAt !== null) {
    throw new HttpError('forbidden', `this agent's arena key was revoked at ${key.revokedAt}; rotate it with the same registration (POST /api/keys/rotate) to get a new one`);
  }
  return issuedKey(keyOfGeneration(arena.secret, registration, key.generation), key, keyNotice);
}

/**
 * Puts a redacted key back on an idempotent replay: the identical request names the same
 * registration, which derives the key of the generation the answer gave (answers kept before
 * keys had generations gave the first).
 */
export function restoredKey(arena: ArenaContext, registration: Registration, body: Record<string, unknown>) {
  const generation = typeof body.keyGeneration === 'number' ? body.keyGeneration : 0;
  return { apiKey: keyOfGeneration(arena.secret, registration, generation), ...body };
}
