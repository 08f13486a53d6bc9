import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

const encoder = new TextEncoder();

/** The server secret used when none is configured: HKDF-SHA256 of the signing seed. */
export function deriveServerSecret(signingSeed: Uint8Array): Uint8Array {
  return hkdf(sha256, signingSeed, undefined, encoder.encode('agent-arena/server-secret/v1'), 32);
}

/** HMAC-SHA256(secret, `purpose|input`): one independent value per purpose and input. */
export function keyedDigest(secret: Uint8Array, purpose: string, input: string): Uint8Array {
  return hmac(sha256, secret, encoder.encode(`${purpose}|${input}`));
}
