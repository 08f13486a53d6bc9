import { createHash } from 'node:crypto';
import type { Sha256 } from '../core/index.ts';

/** `node:crypto`'s SHA-256 (OpenSSL on Node and Deno, BoringSSL on Bun), for `useSha256`. */
export const nativeSha256: Sha256 = {
  hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
  bytes: (data) => new Uint8Array(createHash('sha256').update(data).digest()),
};
