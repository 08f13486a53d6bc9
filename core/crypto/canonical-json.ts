import { sha256Hex } from './sha256.ts';

/**
 * RFC 8785 (JCS) canonical JSON text of a JSON value: members sorted by their names' UTF-16
 * code units, numbers and strings as ECMAScript's JSON serialises them, no whitespace. The same
 * text as the `canonicalize` package (a property test holds them equal), written as one pass
 * that appends to a string and remembers the quoted form of names, which recur in every document.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') throw new TypeError('value has no JSON representation');
  return write(value, new Set());
}

/**
 * A value RFC 8785 cannot write: text with a lone surrogate, a number that is not finite. JSON
 * text carries both (`"\ud800"`, and `1e999`, which parses as Infinity), so a client's value can
 * hold them: its own error, apart from a caller's mistake (a cycle, `undefined`).
 */
export class NoCanonicalForm extends Error {
  override name = 'NoCanonicalForm';
}

/**
 * Text that names a client's value (a request's fingerprint, a derived key): its canonical JSON,
 * or where it has none, its JSON as sent, which the same value sent again repeats.
 */
export function namingJson(value: unknown): string {
  try {
    return canonicalJson(value);
  } catch (error) {
    if (error instanceof NoCanonicalForm) return JSON.stringify(value);
    throw error;
  }
}

/** `sha256:` + hex SHA-256 of the canonical JSON: the checksum carried by every receipt. */
export function checksumOf(value: unknown): string {
  return checksumOfText(canonicalJson(value));
}

/** The same checksum of canonical JSON text already made (by a writer that knows its value's shape). */
export function checksumOfText(canonicalText: string): string {
  return `sha256:${sha256Hex(canonicalText)}`;
}

/** Names seen, quoted; bounded, since canonical text is also made of clients' bodies. */
const quotedNames = new Map<string, string>();
const QUOTED_NAMES_KEPT = 4096;

function write(value: unknown, seen: Set<object>): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      if (!Number.isFinite(value)) throw new NoCanonicalForm(Number.isNaN(value) ? 'NaN is not allowed' : 'Infinity is not allowed');
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : writeObject(value, seen);
    default:
      // bigint, function: not JSON values.
      throw new TypeError(`a ${typeof value} has no JSON representation`);
  }
}

function writeObject(value: object, seen: Set<object>): string {
  if (seen.has(value)) throw new Error('Circular reference detected');
  seen.add(value);
  let text: string;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const replaced: unknown = toJSON.call(value);
    if (replaced === undefined) throw new TypeError('value has no JSON representation');
    text = write(replaced, seen);
  } else if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      text += (i === 0 ? '' : ',') + (item === undefined || typeof item === 'symbol' ? 'null' : write(item, seen));
    }
    text += ']';
  } else {
    text = '{';
    const record = value as Record<string, unknown>;
    for (const name of sortedNames(record)) {
      const item = record[name];
      if (item === undefined || typeof item === 'symbol') continue;
      text += `${(text.length === 1 ? '' : ',') + quoteName(name)}:${write(item, seen)}`;
    }
    text += '}';
  }
  seen.delete(value);
  return text;
}

/** The object's names in UTF-16 code-unit order; most objects come with theirs in order already. */
function sortedNames(record: object): string[] {
  const names = Object.keys(record);
  for (let i = 1; i < names.length; i++) if (names[i - 1]! > names[i]!) return names.sort();
  return names;
}

function quote(text: string): string {
  if (!text.isWellFormed()) throw new NoCanonicalForm('Lone surrogate is not allowed');
  return JSON.stringify(text);
}

function quoteName(name: string): string {
  let quoted = quotedNames.get(name);
  if (quoted === undefined) {
    quoted = quote(name);
    if (quotedNames.size < QUOTED_NAMES_KEPT) quotedNames.set(name, quoted);
  }
  return quoted;
}
