import { encodeBase64Url } from '../crypto/base64url.ts';
import { keyedDigest } from '../crypto/derive.ts';
import { sha256Hex } from '../crypto/sha256.ts';

/**
 * `arena_` followed by 43 base64url characters. The prefix stays on every key, rotated ones
 * too, so a secret scanner finds a leaked key with `arena_[A-Za-z0-9_-]{43}`.
 */
export const ARENA_KEY_PATTERN = /^arena_[A-Za-z0-9_-]{43}$/;

/** A key is rotated at most this many times: the current one is derived through every one before it. */
export const MAX_KEY_GENERATION = 1000;

/**
 * What an agent registered with, and so can always show again: the registration nonce of its
 * league join, or the id of the registration capability it redeemed. Neither is ever stored.
 */
export type Registration = { nonce: string } | { capabilityId: string };

/**
 * An agent's first arena key (generation 0): HMAC(server secret, its registration). A retried
 * join with the same nonce, or the same capability redeemed again, derives it again; the server
 * never stores it.
 */
export function firstKey(secret: Uint8Array, registration: Registration): string {
  const digest = 'nonce' in registration ? keyedDigest(secret, 'league-key', registration.nonce) : keyedDigest(secret, 'registration-key', registration.capabilityId);
  return `arena_${encodeBase64Url(digest)}`;
}

/**
 * The key a rotation gives for `key`: HMAC(server secret, key). Derived from the key it
 * replaces, a rotation's answer is made again from the request that asked for it (its bearer),
 * and from the registration through each generation, so nothing of a key is ever stored.
 */
export function nextKey(secret: Uint8Array, key: string): string {
  return `arena_${encodeBase64Url(keyedDigest(secret, 'next-key', key))}`;
}

/** The key of `generation`: the first key rotated that many times. */
export function keyOfGeneration(secret: Uint8Array, registration: Registration, generation: number): string {
  if (!Number.isSafeInteger(generation) || generation < 0 || generation > MAX_KEY_GENERATION) throw new RangeError(`no key has generation ${generation}`);
  let key = firstKey(secret, registration);
  for (let step = 0; step < generation; step++) key = nextKey(secret, key);
  return key;
}

/** What is stored instead of a key: its SHA-256, in lower-case hex. */
export function keyDigest(key: string): string {
  return sha256Hex(key);
}
