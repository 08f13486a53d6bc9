import fc from 'fast-check';

/** A JSON value written as it stands, for text `JSON.stringify` never makes (`-0`, `1e999`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold `RawJson`. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.entries(value)
      .map(([name, member]) => `${JSON.stringify(name)}:${jsonText(member)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
/** Code points that break encodings, canonical forms, terminals and parsers. */
const ODD_UNITS = [...LONE_SURROGATES, '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e', '\ufeff', '\uffff', '\u{10ffff}', '\u{1f600}', '\u0301'];
/** Numbers at the edges: of integers JavaScript holds exactly, of doubles, past them (`1e999` parses to Infinity). */
const EDGE_NUMBERS = [
  '0',
  '-0',
  '-1',
  '0.5',
  '1.0',
  '1E2',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '5e-324',
  '1e-400',
  '100000000000000000000000',
];
/** Text that is nearly a number, or another JSON type. */
const NUMBER_LIKE = ['NaN', 'Infinity', '-Infinity', '-0', '1e999', '0x10', '1_000', ' 1', '１', 'null', 'true', '[]', '{}'];
const ATTACKS = ['<script>alert(1)</script>', "'; DROP TABLE agents; --", '../../etc/passwd', '%00', '%ED%A0%80', '${7*7}', `arena_${'A'.repeat(43)}`];

/** `text` with a piece put in somewhere. */
function withInserted(text: string, pieces: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fc.nat({ max: text.length }), pieces).map(([at, piece]) => text.slice(0, at) + piece + text.slice(at));
}

/** Hostile text, most of it the original with one odd code point in it, so it passes what it can. */
function hostileText(original: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: withInserted(original, fc.constantFrom(...LONE_SURROGATES)) },
    { weight: 4, arbitrary: withInserted(original, fc.constantFrom(...ODD_UNITS)) },
    { weight: 2, arbitrary: fc.constantFrom(...LONE_SURROGATES, '\u0000', '', ' ', 'a\ud800b', '\udc00\ud800', ...NUMBER_LIKE, ...ATTACKS) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 17_000 }).map((length) => (original || 'x').repeat(Math.ceil(length / Math.max(original.length, 1))).slice(0, length)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  );
}

/**
 * A hostile replacement for one member of a valid body: odd text (lone surrogates, NUL, very
 * long), numbers at the edges, another type, the value nested past the depth limit or repeated
 * into a large array.
 */
export function hostileValue(original: unknown): fc.Arbitrary<unknown> {
  const text = typeof original === 'string' ? original : (JSON.stringify(original) ?? '');
  const nested = fc
    .tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
    .map(([depth, [open, close]]) => new RawJson(open!.repeat(depth) + jsonText(original) + close!.repeat(depth)));
  return fc.oneof(
    { weight: typeof original === 'string' ? 6 : 2, arbitrary: hostileText(text) },
    { weight: typeof original === 'number' ? 4 : 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS).map((number) => new RawJson(number)) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, '', [], {}, [original], { value: original }) },
    { weight: 1, arbitrary: nested },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 2000 }).map((count) => Array<unknown>(count).fill(original)) },
  );
}

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate as U+FFFD's bytes, as Node would send it). */
export function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** Percent-encoding no encoder makes: a lone surrogate's bytes (not UTF-8), overlong and cut-short sequences, malformed escapes. */
const RAW_ESCAPES = ['%ED%A0%80', '%ED%BF%BF', '%00', '%FF', '%C0%AF', '%E0%A4%A', '%ZZ', '%', '%%', '%2e%2e', '%2F'];

/** A hostile query or path value, as it goes on the wire. */
export function hostileParameter(original: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileText(original).map(percentEncoded) },
    { weight: 2, arbitrary: withInserted(encodeURIComponent(original), fc.constantFrom(...RAW_ESCAPES)) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS, ...NUMBER_LIKE).map(encodeURIComponent) },
  );
}

/** Bytes a header value can carry on the wire (Node's client refuses the rest). */
const headerByte = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((code) => String.fromCharCode(code));

/** A hostile header value. */
export function hostileHeader(original: string): fc.Arbitrary<string> {
  return fc.oneof(
    withInserted(original, fc.constantFrom('\xff', '\xe9', ' ', '"', ',', '\t', '*')),
    fc.constantFrom('', ' ', '*', ',', 'W/', '"', 'W/"x", *', 'null', '0', '-1', ...NUMBER_LIKE.filter((text) => /^[\x20-\x7e]*$/.test(text))),
    fc.integer({ min: 256, max: 20_000 }).map((length) => 'x'.repeat(length)),
    fc.string({ unit: headerByte, maxLength: 40 }),
  );
}
