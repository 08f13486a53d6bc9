import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from '../crypto/base64url.ts';
import { compactJwsInside } from './compact-jws-inside.ts';
import { holdsCredential } from './text.ts';

/** The pattern the scanner replaces: the reference for what it must find. */
const REFERENCE = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

function referenceMatches(text: string) {
  return [...text.matchAll(REFERENCE)].map(([token]) => token);
}

/** `holdsCredential` as it was with the regex, kept to compare decisions with. */
function referenceHoldsCredential(text: string): boolean {
  if (/arena_[A-Za-z0-9_-]{43}/.test(text)) return true;
  return referenceMatches(text).some((token) => {
    const header = decodeBase64Url(token.slice(0, token.indexOf('.')));
    if (!header) return false;
    try {
      return (JSON.parse(new TextDecoder().decode(header)) as { typ?: unknown } | null)?.typ === 'registration+jwt';
    } catch {
      return false;
    }
  });
}

const REGISTRATION_HEADER = encodeBase64Url(new TextEncoder().encode('{"alg":"EdDSA","typ":"registration+jwt"}'));
const ESCAPED_REGISTRATION_HEADER = encodeBase64Url(new TextEncoder().encode('{"typ":"registration\\u002Bjwt"}'));
const NOT_JSON_HEADERS = ['{"registration+jwt', '{"\\', '{"typ":"registration+jwt",}'].map((json) => encodeBase64Url(new TextEncoder().encode(json)));
const RECEIPT_HEADER = encodeBase64Url(new TextEncoder().encode('{"alg":"EdDSA","typ":"receipt+jwt"}'));

/** Texts built from the pieces that make the pattern hard: many `eyJ`, dots, runs, other characters. */
const hostileText = fc
  .array(
    fc.constantFrom(
      'eyJ',
      'ey',
      'J',
      '.',
      '..',
      'a',
      'Zz9',
      '-',
      '_',
      ' ',
      '!',
      '+',
      '/',
      '=',
      'é',
      '\n',
      REGISTRATION_HEADER,
      ESCAPED_REGISTRATION_HEADER,
      RECEIPT_HEADER,
      ...NOT_JSON_HEADERS,
    ),
    { maxLength: 40 },
  )
  .map((pieces) => pieces.join(''));

/** The same from fewer pieces, so that whole tokens after failed candidates come up often. */
const denseText = fc
  .array(fc.constantFrom('eyJ', '.', 'a', '!', REGISTRATION_HEADER, ESCAPED_REGISTRATION_HEADER, ...NOT_JSON_HEADERS), { maxLength: 24 })
  .map((pieces) => pieces.join(''));

describe('compactJwsInside', () => {
  it('finds exactly what the JWS-shaped regex finds, in the same order', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, denseText, fc.string({ maxLength: 60 })), (text) => {
        const found = [...compactJwsInside(text)];
        expect(found.map(({ start, end }) => text.slice(start, end))).toEqual(referenceMatches(text));
        for (const match of found) expect(match.header).toBe(text.slice(match.start, text.indexOf('.', match.start)));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds tokens inside text, next to each other and after failed candidates', () => {
    const text = 'see eyJa.eyJb.c.d and xeyJh.p.s,eyJ.x eyJq.r.s';
    expect([...compactJwsInside(text)].map(({ start, end }) => text.slice(start, end))).toEqual(['eyJa.eyJb.c', 'eyJh.p.s', 'eyJq.r.s']);
  });
});

describe('holdsCredential', () => {
  it('refuses and accepts exactly as the regex-based check did', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, denseText), (text) => {
        expect(holdsCredential(text)).toBe(referenceHoldsCredential(text));
      }),
      { numRuns: 2000 },
    );
    expect(holdsCredential(`token ${REGISTRATION_HEADER}.e30.c2ln here`)).toBe(true);
    expect(holdsCredential(`escaped ${ESCAPED_REGISTRATION_HEADER}.e30.c2ln`)).toBe(true);
    expect(holdsCredential(`receipt ${RECEIPT_HEADER}.e30.c2ln here`)).toBe(false);
  });
});
