import { bytesToHex } from '@noble/hashes/utils.js';
import { namingJson } from '../crypto/canonical-json.ts';
import { keyedDigest } from '../crypto/derive.ts';
import type { Caller } from './call-route.ts';

/**
 * The Idempotency-Key of a bridged write that came without one: a keyed digest of who calls (the
 * credential the call carries, else the client's address), the operation and its arguments. A
 * client's retry of the same call finds the first answer; another client's identical call does
 * not. Neither the credential nor the address can be read back from it, and the arena stores
 * only a digest of the key in any case.
 */
export function derivedIdempotencyKey(secret: Uint8Array, caller: Caller, operation: string, args: Record<string, unknown>): string {
  const credential = caller.request.headers.get('authorization');
  const who = credential !== null ? `credential|${credential}` : `address|${caller.connection.clientAddress ?? 'unknown'}`;
  return `derived-${bytesToHex(keyedDigest(secret, 'derived-idempotency-key', `${who}\n${operation}\n${namingJson(args)}`))}`;
}
