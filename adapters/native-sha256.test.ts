import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portableSha256 } from '../core/index.ts';
import { nativeSha256 } from './native-sha256.ts';

describe('the native SHA-256 the adapters hand the core', () => {
  it('is the portable one, for any text (lone surrogates included) and any bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (text, bytes) => {
        expect(nativeSha256.hex(text)).toBe(portableSha256.hex(text));
        expect(nativeSha256.bytes(bytes)).toEqual(portableSha256.bytes(bytes));
      }),
      { numRuns: 500 },
    );
    expect(nativeSha256.hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
