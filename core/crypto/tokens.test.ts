import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyRing, type KeyRing } from './key-ring.ts';
import { decodeBase64Url, encodeBase64Url, encodeBase64UrlText } from './base64url.ts';
import { EXPIRING_TOKEN_KINDS, TOKEN_KINDS, TokenError, createTokens, type TokenKind } from './tokens.ts';

const kind = fc.constantFrom(...TOKEN_KINDS);
const claims = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((key) => !['iss', 'iat', 'exp', '__proto__'].includes(key)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 4 },
);

async function rejection(promise: Promise<unknown>): Promise<TokenError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenError);
  return error as TokenError;
}

describe.each(['noble', 'webcrypto'] as const)('signed tokens (%s)', (engine) => {
  let keys: KeyRing;
  const now = Date.UTC(2026, 10, 21, 12);
  beforeAll(async () => {
    keys = await createKeyRing({ signingSeed: new Uint8Array(32).fill(9), engine });
  });
  const tokens = () => createTokens({ keys, now: () => now, issuer: 'agent-arena' });

  it('verifies what it signs, with the claims intact', async () => {
    await fc.assert(
      fc.asyncProperty(kind, claims, async (k, c) => {
        const verified = await tokens().verify(k, await tokens().sign(k, c, { ttlSeconds: 900 }));
        expect(verified).toMatchObject({ ...JSON.parse(JSON.stringify(c)), iss: 'agent-arena', iat: now / 1000 });
      }),
      { numRuns: 50 },
    );
  });

  it('fails on any change to any byte of the token', async () => {
    const token = await tokens().sign('receipt', { checksum: 'sha256:00', total: 76 });
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: token.length - 1 }), fc.integer({ min: 1, max: 127 }), async (index, flip) => {
        const changed = String.fromCharCode(token.charCodeAt(index) ^ flip);
        const tampered = token.slice(0, index) + changed + token.slice(index + 1);
        await rejection(tokens().verify('receipt', tampered));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a signature of any other length than an Ed25519 signature’s, as one that does not verify', async () => {
    const token = await tokens().sign('receipt', { checksum: 'sha256:00' });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const bytes = decodeBase64Url(signature)!;
    for (const other of [bytes.subarray(0, 63), Uint8Array.of(...bytes, 0), Uint8Array.of(...bytes, ...bytes)]) {
      expect((await rejection(tokens().verify('receipt', `${header}.${payload}.${encodeBase64Url(other)}`))).reason).toBe('signature');
    }
  });

  it('never lets a token of one kind pass as another', async () => {
    await fc.assert(
      fc.asyncProperty(kind, kind, async (signedAs, expected) => {
        fc.pre(signedAs !== expected);
        const error = await rejection(tokens().verify(expected, await tokens().sign(signedAs, {}, { ttlSeconds: 900 })));
        expect(error.reason).toBe('wrong-kind');
      }),
      { numRuns: 60 },
    );
  });

  it('enforces expiry with the injected clock', async () => {
    const token = await tokens().sign('trial', {}, { ttlSeconds: 900 });
    const at = (ms: number) => createTokens({ keys, now: () => ms, issuer: 'agent-arena' });
    await expect(at(now + 899_000).verify('trial', token)).resolves.toBeTruthy();
    expect((await rejection(at(now + 900_000).verify('trial', token))).reason).toBe('expired');
  });

  it('refuses a token of a kind with a lifetime that carries no expiry, and never needs one for evidence', async () => {
    const unexpiring = async (k: TokenKind) => {
      const header = { alg: 'EdDSA', kid: keys.currentKid, typ: `${k}+jwt` };
      const signingInput = `${encodeBase64UrlText(JSON.stringify(header))}.${encodeBase64UrlText(JSON.stringify({ iss: 'agent-arena', iat: now / 1000 }))}`;
      return `${signingInput}.${encodeBase64Url(await keys.sign(new TextEncoder().encode(signingInput)))}`;
    };
    for (const k of EXPIRING_TOKEN_KINDS) {
      const error = await rejection(tokens().verify(k, await unexpiring(k)));
      expect(error.reason, k).toBe('no-expiry');
      expect(error.message, k).toMatch(/exp/);
      await expect(tokens().sign(k, {}), k).rejects.toThrow(/expiry/);
    }
    expect([...EXPIRING_TOKEN_KINDS].sort()).toEqual(['invite', 'league', 'registration', 'response', 'trial']);
    for (const k of TOKEN_KINDS.filter((k) => !EXPIRING_TOKEN_KINDS.includes(k))) {
      await expect(tokens().verify(k, await unexpiring(k)), k).resolves.toMatchObject({ iss: 'agent-arena' });
      expect(await tokens().verify(k, await tokens().sign(k, {})), k).not.toHaveProperty('exp');
    }
  });

  it('refuses a token from a key it does not publish, and accepts one from a retired key', async () => {
    const other = await createKeyRing({ signingSeed: new Uint8Array(32).fill(3), engine });
    const foreign = await createTokens({ keys: other, now: () => now, issuer: 'agent-arena' }).sign('receipt', {});
    expect((await rejection(tokens().verify('receipt', foreign))).reason).toBe('unknown-key');
    const rotated = await createKeyRing({
      signingSeed: new Uint8Array(32).fill(4),
      retiredPublicKeys: [new Uint8Array(Buffer.from(other.jwks.keys[0]!.x, 'base64url'))],
      engine,
    });
    await expect(createTokens({ keys: rotated, now: () => now, issuer: 'agent-arena' }).verify('receipt', foreign)).resolves.toBeTruthy();
    expect(rotated.jwks.keys).toHaveLength(2);
  });

  it('refuses what is not a token at all', async () => {
    for (const junk of [undefined, 42, '', 'a.b', 'a.b.c', 'x'.repeat(20_000)]) {
      expect((await rejection(tokens().verify('trial', junk))).reason).toBe('malformed');
    }
  });
});

describe('the two Ed25519 engines', () => {
  it('produce byte-identical tokens', async () => {
    const seed = new Uint8Array(32).fill(5);
    const sign = async (engine: 'noble' | 'webcrypto') =>
      createTokens({ keys: await createKeyRing({ signingSeed: seed, engine }), now: () => 0, issuer: 'agent-arena' }).sign('capsule' as TokenKind, { a: 1 });
    expect(await sign('noble')).toBe(await sign('webcrypto'));
  });
});
