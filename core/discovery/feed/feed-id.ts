import { keyedDigest } from '../../crypto/derive.ts';

/**
 * An Atom id (RFC 4287, 4.2.6) that never changes: a `urn:uuid:` (RFC 9562, version 8) named by
 * HMAC-SHA256(server secret, `name`). Not built from the Host a reader sent, nor from the
 * configured origin (which may be set or moved later), so a reader sees one entry however it
 * reached the arena; unique to this arena (its secret), and revealing nothing of that secret.
 */
export function feedId(secret: Uint8Array, name: string): string {
  const bytes = keyedDigest(secret, 'feed/id', name).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: custom
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10: RFC 9562
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
