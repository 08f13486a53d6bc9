import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryObject, standardQueryObject } from './query-object.ts';

/** Pieces a hostile or careless query is made of: separators, spaces, escapes good and broken, any text. */
const piece = fc.oneof(
  fc.constantFrom('&', '=', '+', '%', '%2', '%20', '%2B', '%26', '%3D', '%C3%A9', '%C3', '%E2%82%AC', '%FF', '%zz', '%00', '?', '#', 'a', 'actions', '__proto__', 'constructor'),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);

const urlWithQuery = (query: string) => new URL(`http://arena.test/api/games/packet-run/play?${query}`);

describe('queryObject', () => {
  it('reads any query exactly as URLSearchParams does', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const url = urlWithQuery(pieces.join(''));
        expect(queryObject(url)).toEqual(standardQueryObject(url.searchParams));
      }),
      { numRuns: 3000 },
    );
  });

  it('gathers a repeated name into an array, keeps an empty value and skips empty parts', () => {
    const query = queryObject(urlWithQuery('actions=UR&&agent&actions=D+D&x=%2B%26='));
    expect({ ...query }).toEqual({ actions: ['UR', 'D D'], agent: '', x: '+&=' });
  });

  it('answers through URLSearchParams where a part does not decode, as an unchecked URL may have', () => {
    const url = urlWithQuery('a=%FF&b=%zz&c=%C3%A9');
    expect({ ...queryObject(url) }).toEqual({ a: '\uFFFD', b: '%zz', c: 'é' });
  });

  it('makes no prototype of a name', () => {
    const query = queryObject(urlWithQuery('__proto__=x&constructor=y'));
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(query.__proto__).toBe('x');
  });
});
