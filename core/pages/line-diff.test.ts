import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff.ts';

const text = fc.array(fc.constantFrom('a', 'b', 'c', 'hazard once', ''), { maxLength: 12 }).map((lines) => lines.join('\n'));

describe('lineDiff', () => {
  it('marks what changed, line by line', () => {
    expect(lineDiff('one\ntwo\nthree', 'one\n2\nthree\nfour')).toEqual([
      { kind: 'same', line: 'one' },
      { kind: 'added', line: '2' },
      { kind: 'removed', line: 'two' },
      { kind: 'same', line: 'three' },
      { kind: 'added', line: 'four' },
    ]);
  });

  it('gives back both texts: the old without the added lines, the new without the removed', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const diff = lineDiff(before, after);
        expect(
          diff
            .filter((d) => d.kind !== 'added')
            .map((d) => d.line)
            .join('\n'),
        ).toBe(before);
        expect(
          diff
            .filter((d) => d.kind !== 'removed')
            .map((d) => d.line)
            .join('\n'),
        ).toBe(after);
      }),
    );
  });

  it('keeps as many lines as the longest common subsequence: the same text is all kept', () => {
    fc.assert(
      fc.property(text, (same) => {
        expect(lineDiff(same, same).every((d) => d.kind === 'same')).toBe(true);
      }),
    );
  });
});
