import { sha256 } from '@noble/hashes/sha2.js';
import { encodeBase64Url } from './base64url.ts';
import { createSigner, createVerifier, publicKeyFromSeed, webCryptoSupportsEd25519, type Ed25519Engine, type Ed25519Signer, type Ed25519Verifier } from './ed25519.ts';

/** A public Ed25519 key as published in the JWKS. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/** The current signing key plus every key a token may still have been signed with. */
export interface KeyRing {
  readonly currentKid: string;
  sign(message: Uint8Array): Promise<Uint8Array>;
  verifierFor(kid: string): Ed25519Verifier | undefined;
  readonly jwks: { keys: PublicJwk[] };
}

export interface KeyRingOptions {
  /** 32-byte Ed25519 seed of the key that signs new tokens. */
  signingSeed: Uint8Array;
  /** Public keys of retired signing keys: their tokens keep verifying. */
  retiredPublicKeys?: readonly Uint8Array[];
  /** `auto` uses WebCrypto where the runtime supports Ed25519 and noble otherwise. */
  engine?: Ed25519Engine | 'auto';
}

export async function createKeyRing(options: KeyRingOptions): Promise<KeyRing> {
  const engine = await resolveEngine(options.engine ?? 'auto');
  const signer: Ed25519Signer = await createSigner(options.signingSeed, engine);
  const publicKeys = [signer.publicKey, ...(options.retiredPublicKeys ?? [])];
  const jwks = publicKeys.map(toJwk);
  const verifiers = new Map<string, Ed25519Verifier>();
  for (const [i, jwk] of jwks.entries()) verifiers.set(jwk.kid, await createVerifier(publicKeys[i]!, engine));
  return {
    currentKid: jwks[0]!.kid,
    sign: (message) => signer.sign(message),
    verifierFor: (kid) => verifiers.get(kid),
    jwks: { keys: dedupe(jwks) },
  };
}

export function publicJwkFromSeed(seed: Uint8Array): PublicJwk {
  return toJwk(publicKeyFromSeed(seed));
}

/** `kid` is the RFC 7638 JWK thumbprint, so it is derived from the key and never collides. */
function toJwk(publicKey: Uint8Array): PublicJwk {
  const x = encodeBase64Url(publicKey);
  const thumbprintInput = `{"crv":"Ed25519","kty":"OKP","x":"${x}"}`;
  const kid = encodeBase64Url(sha256(new TextEncoder().encode(thumbprintInput)));
  return { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' };
}

function dedupe(keys: PublicJwk[]): PublicJwk[] {
  const seen = new Set<string>();
  return keys.filter((key) => !seen.has(key.kid) && seen.add(key.kid));
}

let probedEngine: Promise<Ed25519Engine> | undefined;

async function resolveEngine(engine: Ed25519Engine | 'auto'): Promise<Ed25519Engine> {
  if (engine !== 'auto') return engine;
  probedEngine ??= webCryptoSupportsEd25519().then((ok) => (ok ? 'webcrypto' : 'noble'));
  return probedEngine;
}
