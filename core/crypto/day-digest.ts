import { bytesToHex } from '@noble/hashes/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keyedDigest } from './derive.ts';

const encoder = new TextEncoder();

/**
 * HMAC digests of client facts (an address, a user-agent) under a key derived from the server
 * secret for one purpose and one UTC day: the same client is recognised within the day, while
 * the database alone neither links days nor reveals the values, which are never stored or
 * logged. Only a holder of the server secret could recompute a day's key and test guesses.
 */
export function dayDigester(secret: Uint8Array, purpose: string, date: string): (value: string) => string {
  const daySecret = keyedDigest(secret, `${purpose}/day-secret`, date);
  return (value) => bytesToHex(hmac(sha256, daySecret, encoder.encode(value)));
}
