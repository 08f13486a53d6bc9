import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, namingJson, NoCanonicalForm } from './canonical-json.ts';

/** Any JSON value, strings and names over all of Unicode (astral planes included). */
const anyJson = fc.jsonValue({ stringUnit: 'binary', maxDepth: 6 });

/** Text with a lone surrogate somewhere in it: not well-formed, so not canonical JSON. */
const withLoneSurrogate = fc
  .tuple(fc.string({ unit: 'binary' }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ unit: 'binary' }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`)
  .filter((text) => !text.isWellFormed());

describe('canonicalJson (RFC 8785)', () => {
  it('writes exactly what the reference implementation writes, for any JSON value', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts names by UTF-16 code units and drops undefined members, as the reference does', () => {
    const value = { b: 1, a: [undefined, 2], '\u{1F600}': 3, '\uFB33': 4, é: undefined, 10: 5, 9: 6 };
    expect(canonicalJson(value)).toBe(canonicalize(value));
    expect(canonicalJson({ n: [-0, 1e21, 1e-7, 0.1 + 0.2, 2 ** 53] })).toBe('{"n":[0,1e+21,1e-7,0.30000000000000004,9007199254740992]}');
  });

  it('refuses what has no canonical form: lone surrogates, NaN, infinities, cycles, undefined', () => {
    fc.assert(
      fc.property(withLoneSurrogate, (text) => {
        expect(() => canonicalize({ [text]: 1 })).toThrow();
        expect(() => canonicalJson({ [text]: 1 })).toThrow(/Lone surrogate/);
        expect(() => canonicalJson([text])).toThrow(NoCanonicalForm);
      }),
    );
    for (const bad of [Number.NaN, Infinity, -Infinity]) expect(() => canonicalJson({ x: bad })).toThrow(NoCanonicalForm);
    // What JSON text can carry: a client's body parsed.
    expect(() => canonicalJson(JSON.parse('{"n":1e999}'))).toThrow(/Infinity is not allowed/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => canonicalJson(cycle)).toThrow(/Circular/);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });

  it('names a value by its canonical JSON, or by its JSON as sent where it has none; a cycle is still an error', () => {
    expect(namingJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(namingJson({ b: '\ud800', a: 2 })).toBe('{"b":"\\ud800","a":2}');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => namingJson(cycle)).toThrow(/Circular/);
  });
});
