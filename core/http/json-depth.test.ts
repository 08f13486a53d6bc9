import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

/** The nesting depth of a parsed JSON value: 0 for a scalar. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('the JSON depth check', () => {
  it('agrees with the depth of the parsed value for any JSON, brackets inside strings included', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a') });
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.constant(null), text, fc.array(tie('value')), fc.dictionary(text, tie('value'))),
    })).value;
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 6 }), (value, max) => {
        expect(nestsDeeperThan(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
    );
  });

  it('finds a body nested thousands deep without parsing it', () => {
    expect(nestsDeeperThan(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`)).toBe(true);
    expect(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
  });
});
