import { encodeBase64Url } from '../crypto/base64url.ts';
import { keyedDigest } from '../crypto/derive.ts';
import { sha256Hex } from '../crypto/sha256.ts';

/** `arena_` followed by 43 base64url characters. */
export const ARENA_KEY_PATTERN = /^arena_[A-Za-z0-9_-]{43}$/;

/**
 * An agent's arena key, derived as HMAC(server secret, registration nonce): a retried join
 * with the same nonce gets the same key back, and the server never stores the key itself.
 */
export function leagueKeyFor(secret: Uint8Array, registrationNonce: string): string {
  return `arena_${encodeBase64Url(keyedDigest(secret, 'league-key', registrationNonce))}`;
}

/** What is stored instead of a key: its SHA-256, in lower-case hex. */
export function keyDigest(key: string): string {
  return sha256Hex(key);
}
