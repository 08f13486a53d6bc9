import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRow } from './csv.ts';

/** An RFC 4180 reader for one row, to check what csvRow writes reads back. */
function readRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const text = line;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

describe('csvRow', () => {
  it('reads back as the cells it was given, a formula-like text guarded by one quote mark', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }), (cells) => {
        const read = readRow(csvRow(cells));
        expect(read).toEqual(cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
      }),
    );
  });

  it('writes numbers, booleans and nothing as they are', () => {
    expect(csvRow([1, true, null, 'a,b', '=SUM(A1)'])).toBe(`1,true,,"a,b",'=SUM(A1)`);
  });
});
