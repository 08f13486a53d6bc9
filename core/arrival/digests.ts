import { bytesToHex } from '@noble/hashes/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keyedDigest } from '../crypto/derive.ts';

const encoder = new TextEncoder();

/**
 * What is kept instead of the client address and user-agent: HMAC digests keyed by a secret
 * derived for each UTC day, so a day's check-ins can be told apart and capped while the
 * database alone neither links days nor reveals the raw values (never stored or logged).
 * Only a holder of the server secret could recompute a day's key and test guesses.
 */
export function arrivalDigests(secret: Uint8Array, date: string, clientAddress: string | undefined, userAgent: string | null) {
  const daySecret = keyedDigest(secret, 'arrival/day-secret', date);
  const digest = (value: string) => bytesToHex(hmac(sha256, daySecret, encoder.encode(value)));
  return { clientDigest: digest(`address|${clientAddress ?? 'unknown'}`), userAgentDigest: digest(`user-agent|${userAgent ?? ''}`) };
}
