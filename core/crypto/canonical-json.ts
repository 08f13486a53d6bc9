import canonicalize from 'canonicalize';
import { sha256Hex } from './sha256.ts';

/** RFC 8785 (JCS) canonical JSON text of a JSON value. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value has no JSON representation');
  return text;
}

/** `sha256:` + hex SHA-256 of the canonical JSON: the checksum carried by every receipt. */
export function checksumOf(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}
