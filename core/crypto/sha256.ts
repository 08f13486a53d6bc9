import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** SHA-256 as the core uses it: of a text's UTF-8 bytes (in hex), and of bytes. */
export interface Sha256 {
  hex(text: string): string;
  bytes(data: Uint8Array): Uint8Array;
}

const encoder = new TextEncoder();

/** noble's SHA-256: portable, the default on every runtime. */
export const portableSha256: Sha256 = {
  hex: (text) => bytesToHex(sha256(encoder.encode(text))),
  bytes: (data) => sha256(data),
};

let implementation: Sha256 = portableSha256;

/**
 * Hands the core a runtime's native SHA-256 (Node's, Bun's and Deno's `node:crypto` hash it
 * several times faster than JavaScript can). The function is the same whichever computes it,
 * so one implementation serves every arena of the process.
 */
export function useSha256(native: Sha256): void {
  implementation = native;
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return implementation.hex(text);
}

export function sha256Bytes(bytes: Uint8Array): Uint8Array {
  return implementation.bytes(bytes);
}

/**
 * SHA-256 of bytes at their quickest: the native hash a runtime handed over (some 16 µs for 24 KB
 * on Node, where WebCrypto's digest costs some 70 µs of CPU: a job and a promise), else WebCrypto's
 * (on Workers, where noble's JavaScript would be the slower).
 */
export async function sha256Digest(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return implementation === portableSha256 ? new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)) : implementation.bytes(bytes);
}
