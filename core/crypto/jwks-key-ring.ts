import { decodeBase64Url } from './base64url.ts';
import { createVerifier, type Ed25519Engine, type Ed25519Verifier } from './ed25519.ts';
import type { KeyRing, PublicJwk } from './key-ring.ts';

/**
 * A key ring that only verifies, from a JWKS as `/.well-known/jwks.json` publishes it: what
 * anyone holding the arena's public keys needs to check its tokens offline. Keys other than
 * Ed25519 are passed over; a JWKS with none is refused.
 */
export async function verifyingKeyRing(jwks: unknown, engine: Ed25519Engine = 'noble'): Promise<KeyRing> {
  const keys = ((jwks as { keys?: unknown } | null)?.keys ?? []) as unknown[];
  const usable = (Array.isArray(keys) ? keys : []).filter(isEd25519Jwk);
  if (usable.length === 0) throw new TypeError('the JWKS holds no Ed25519 public key (kty OKP, crv Ed25519, x, kid)');
  const verifiers = new Map<string, Ed25519Verifier>();
  for (const key of usable) verifiers.set(key.kid, await createVerifier(decodeBase64Url(key.x)!, engine));
  return {
    currentKid: usable[0]!.kid,
    sign: () => Promise.reject(new TypeError('a JWKS holds public keys only: it verifies, it cannot sign')),
    verifierFor: (kid) => verifiers.get(kid),
    jwks: { keys: usable },
  };
}

function isEd25519Jwk(key: unknown): key is PublicJwk {
  const jwk = key as Partial<PublicJwk> | null;
  return (
    typeof jwk === 'object' &&
    jwk !== null &&
    jwk.kty === 'OKP' &&
    jwk.crv === 'Ed25519' &&
    typeof jwk.kid === 'string' &&
    typeof jwk.x === 'string' &&
    decodeBase64Url(jwk.x)?.length === 32
  );
}
