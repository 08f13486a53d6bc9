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

/** What may come before a formula and still let a spreadsheet read it: blanks and invisible characters of every kind. */
const BLANKS = [
  ' ',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2007',
  '\u200a',
  '\u202f',
  '\u205f',
  '\u3000',
  '\t',
  '\r',
  '\n',
  '\v',
  '\f',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u200e',
  '\u2060',
  '\ufeff',
  '\u2028',
  '\u2029',
];
/** What a spreadsheet starts a formula with, ASCII, full-width and small. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20', '\ufe66', '\ufe62', '\ufe63', '\ufe6b'];
const PLAIN_STARTS = ['a', '1', "'", '"', ',', '#', '(', 'é', '日', '\u2212'];

describe('csvRow', () => {
  it('guards a text that starts, after any blanks or invisible characters, as a formula; and one that starts with a tab or a carriage return', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...BLANKS), { maxLength: 4 }),
        fc.constantFrom(...FORMULA_STARTS, ...PLAIN_STARTS),
        fc.string({ unit: 'grapheme' }),
        (blanks, start, rest) => {
          const cell = `${blanks.join('')}${start}${rest}`;
          const guarded = FORMULA_STARTS.includes(start) || blanks[0] === '\t' || blanks[0] === '\r';
          expect(readRow(csvRow([cell, 'next']))).toEqual([guarded ? `'${cell}` : cell, 'next']);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads back as the cells it was given, or with one quote mark before, and never starts a formula unguarded', () => {
    const formula = new RegExp(`^[${BLANKS.join('')}]*[${FORMULA_STARTS.join('').replace('-', '\\-')}]`, 'u');
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }), (cells) => {
        const read = readRow(csvRow(cells));
        expect(read).toHaveLength(cells.length);
        read.forEach((text, index) => {
          expect([cells[index], `'${cells[index]}`]).toContain(text);
          if (text === cells[index]) expect(formula.test(text) || /^[\t\r]/.test(text)).toBe(false);
        });
      }),
    );
  });

  it('writes numbers, booleans and nothing as they are', () => {
    expect(csvRow([1, true, null, 'a,b', '=SUM(A1)'])).toBe(`1,true,,"a,b",'=SUM(A1)`);
    expect(csvRow(['\u00a0=1+1', '\uff1dcmd', ' @SUM(A1)', '\u3000\uff0b1'])).toBe(`'\u00a0=1+1,'\uff1dcmd,' @SUM(A1),'\u3000\uff0b1`);
  });
});
