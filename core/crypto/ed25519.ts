import { ed25519 } from '@noble/curves/ed25519.js';
import { encodeBase64Url } from './base64url.ts';

/**
 * Ed25519 behind one small interface, with two engines that give byte-identical results
 * (Ed25519 signatures are deterministic): `noble` runs everywhere; `webcrypto` uses the
 * runtime's native implementation where it has one. `bench/` compares them.
 */
export type Ed25519Engine = 'noble' | 'webcrypto';

export interface Ed25519Signer {
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Promise<Uint8Array>;
}

export interface Ed25519Verifier {
  verify(signature: Uint8Array, message: Uint8Array): Promise<boolean>;
}

export const ED25519_SEED_BYTES = 32;
export const ED25519_SIGNATURE_BYTES = 64;

export function publicKeyFromSeed(seed: Uint8Array): Uint8Array {
  assertSeed(seed);
  return ed25519.getPublicKey(seed);
}

export function randomSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ED25519_SEED_BYTES));
}

export async function createSigner(seed: Uint8Array, engine: Ed25519Engine): Promise<Ed25519Signer> {
  const publicKey = publicKeyFromSeed(seed);
  if (engine === 'noble') {
    const secret = seed.slice();
    return { publicKey, sign: async (message) => ed25519.sign(message, secret) };
  }
  const key = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', d: encodeBase64Url(seed), x: encodeBase64Url(publicKey) }, { name: 'Ed25519' }, false, ['sign']);
  return {
    publicKey,
    sign: async (message) => new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key, owned(message))),
  };
}

export async function createVerifier(publicKey: Uint8Array, engine: Ed25519Engine): Promise<Ed25519Verifier> {
  if (engine === 'noble') {
    const key = publicKey.slice();
    // zip215: false is RFC 8032's strict verification, the same rule WebCrypto applies.
    return { verify: async (signature, message) => hasSignatureLength(signature) && ed25519.verify(signature, message, key, { zip215: false }) };
  }
  const key = await crypto.subtle.importKey('raw', owned(publicKey), { name: 'Ed25519' }, false, ['verify']);
  return {
    verify: async (signature, message) => hasSignatureLength(signature) && crypto.subtle.verify({ name: 'Ed25519' }, key, owned(signature), owned(message)),
  };
}

/** Whether this runtime's WebCrypto signs and verifies Ed25519 correctly. */
export async function webCryptoSupportsEd25519(): Promise<boolean> {
  try {
    const seed = new Uint8Array(ED25519_SEED_BYTES).fill(7);
    const message = new TextEncoder().encode('agent-arena/ed25519-probe');
    const signer = await createSigner(seed, 'webcrypto');
    const signature = await signer.sign(message);
    const expected = ed25519.sign(message, seed);
    const verifier = await createVerifier(signer.publicKey, 'webcrypto');
    return bytesEqual(signature, expected) && (await verifier.verify(signature, message));
  } catch {
    return false;
  }
}

/** WebCrypto takes bytes backed by a plain ArrayBuffer; copy only when they are not. */
function owned(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

/** A signature of another length does not verify. Checked first because engines disagree on it:
 * noble and workerd's WebCrypto throw, Node's WebCrypto answers false. */
function hasSignatureLength(signature: Uint8Array): boolean {
  return signature.length === ED25519_SIGNATURE_BYTES;
}

function assertSeed(seed: Uint8Array): void {
  if (seed.length !== ED25519_SEED_BYTES) throw new RangeError(`an Ed25519 seed is ${ED25519_SEED_BYTES} bytes`);
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
