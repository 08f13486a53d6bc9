/**
 * Keyset pagination cursors: opaque base64url of the last row's sort key, its rank and the
 * listing it belongs to. A cursor that does not decode to exactly that shape, or that belongs
 * to another listing (another filter, another day), is an `InvalidCursorError`.
 */
import { InvalidCursorError } from '../core/store/errors.ts';

type KeyPart = string | number;
type KeyShape = readonly ('string' | 'number')[];

/** Where the previous page ended: the sort key of its last row and that row's rank. */
export interface Position {
  key: KeyPart[];
  rank: number;
}

const VERSION = 1;

export function encodeCursor(listing: string, position: Position): string {
  return toBase64Url(JSON.stringify({ v: VERSION, l: listing, k: position.key, r: position.rank }));
}

/** Decodes a cursor issued for `listing` whose key has the given shape; anything else throws. */
export function decodeCursor(cursor: string, listing: string, shape: KeyShape): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
  } catch {
    throw new InvalidCursorError();
  }
  if (typeof parsed !== 'object' || parsed === null) throw new InvalidCursorError();
  const { v, l, k, r } = parsed as Record<string, unknown>;
  if (v !== VERSION || l !== listing) throw new InvalidCursorError();
  if (!Number.isSafeInteger(r) || (r as number) < 1) throw new InvalidCursorError();
  if (!Array.isArray(k) || k.length !== shape.length) throw new InvalidCursorError();
  const fits = k.every((part, index) => (shape[index] === 'number' ? Number.isSafeInteger(part) : typeof part === 'string'));
  if (!fits) throw new InvalidCursorError();
  return { key: k as KeyPart[], rank: r as number };
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
