import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ACTION_STRING_LENGTH, parseActionList, parseActionString } from './parse.ts';

const LETTERS = [...'UDLRudlr'];
const SEPARATORS = [' ', '\t', '\n', '\r', '\f', '\v', ',', ';', '|', '>', '-'];

/** The spec's grammar written independently: which strings must be accepted, and as what. */
function oracle(text: string): string[] | null {
  const characters = [...text];
  if (characters.length > MAX_ACTION_STRING_LENGTH) return null;
  if (!characters.every((c) => LETTERS.includes(c) || SEPARATORS.includes(c))) return null;
  const letters = characters.filter((c) => LETTERS.includes(c)).map((c) => c.toUpperCase());
  return letters.length >= 1 && letters.length <= 20 ? letters : null;
}

// Mostly grammar characters, with near misses (other letters, other punctuation, Unicode
// look-alikes and spaces) mixed in, so both accepted and refused strings are common.
const NEAR_MISSES = ['X', 'u\u0308', 'Ｕ', '\u00a0', '\u2003', '_', '/', '.', '0', 'ı', '\u0000', '😀', 'K'];
const character = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...LETTERS, ...SEPARATORS) },
  { weight: 1, arbitrary: fc.constantFrom(...NEAR_MISSES) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);
const candidate = fc.array(character, { maxLength: 72 }).map((parts) => parts.join(''));

describe('the action string grammar', () => {
  it('accepts exactly what the spec allows', () => {
    fc.assert(
      fc.property(candidate, (text) => {
        const parsed = parseActionString(text);
        const expected = oracle(text);
        if (expected === null) expect(parsed.ok).toBe(false);
        else expect(parsed).toEqual({ ok: true, value: expected });
      }),
      { numRuns: 5_000 },
    );
  });

  it('accepts every valid string built from 1 to 20 letters and any separators', () => {
    const valid = fc
      .array(fc.tuple(fc.constantFrom(...LETTERS), fc.array(fc.constantFrom(...SEPARATORS), { maxLength: 2 })), { minLength: 1, maxLength: 20 })
      .map((pairs) => pairs.map(([letter, separators]) => letter + separators.join('')).join(''))
      .filter((text) => text.length <= MAX_ACTION_STRING_LENGTH);
    fc.assert(
      fc.property(valid, (text) => {
        expect(parseActionString(text).ok).toBe(true);
      }),
    );
  });

  it('names the bad character and its position', () => {
    expect(parseActionString('UU-x')).toEqual({ ok: false, message: expect.stringContaining('"x" (U+0078) at position 4') });
    expect(parseActionString('U😀R')).toEqual({ ok: false, message: expect.stringContaining('position 2') });
  });

  it('takes arrays of 1 to 20 single letters in either case', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LETTERS, 'X', 'UU', '', ' U'), { maxLength: 24 }), (items) => {
        const valid = items.length >= 1 && items.length <= 20 && items.every((item) => LETTERS.includes(item));
        const parsed = parseActionList(items);
        expect(parsed.ok).toBe(valid);
        if (parsed.ok) expect(parsed.value).toEqual(items.map((item) => item.toUpperCase()));
      }),
    );
  });
});
