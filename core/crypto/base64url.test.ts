import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url.ts';

describe('base64url', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes);
      }),
    );
  });

  it('agrees with the platform encoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      }),
    );
  });

  it('agrees with the platform encoder past one chunk of characters', () => {
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 5 }, (_, i) => (i * 7919 + (i >> 8)) % 256);
    expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it('decodes only the one canonical spelling of each byte string', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AQgw_-xyz09+/='), maxLength: 12 }), (text) => {
        const bytes = decodeBase64Url(text);
        if (bytes) expect(encodeBase64Url(bytes)).toBe(text);
      }),
    );
    expect(decodeBase64Url('AB')).toBeNull(); // trailing bits set
    expect(decodeBase64Url('AA')).toEqual(new Uint8Array([0]));
  });
});
