/**
 * Keyset pagination cursors: opaque base64url of the last row's sort key, its rank and the
 * listing it belongs to. A cursor that does not decode to exactly that shape, or that belongs
 * to another listing (another filter, another day), is an `InvalidCursorError`.
 */
import { InvalidCursorError } from '../../core/store/errors.ts';

export type KeyPart = string | number;
export type KeyShape = readonly ('string' | 'number')[];

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
  if (!isInteger(r) || r < 1) throw new InvalidCursorError();
  if (!Array.isArray(k) || k.length !== shape.length) throw new InvalidCursorError();
  const fits = k.every((part, index) => (shape[index] === 'number' ? isInteger(part) : isKeyText(part)));
  if (!fits) throw new InvalidCursorError();
  return { key: k as KeyPart[], rank: r as number };
}

/**
 * The parts this service issues: integers a PostgreSQL `integer` holds, and short printable
 * ASCII (timestamps and ids). A forged cursor outside them is refused here, before a database
 * can fail on it.
 */
const isInteger = (part: unknown): part is number => Number.isInteger(part) && Math.abs(part as number) <= 2 ** 31 - 1;
const isKeyText = (part: unknown): part is string => typeof part === 'string' && /^[\x20-\x7e]{0,200}$/.test(part);

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
