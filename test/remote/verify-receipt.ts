import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';

/**
 * Checks a signed result the way an outside verifier would: the checksum is the SHA-256 of the
 * RFC 8785 canonical JSON of the result without its receipt, and the token carries that
 * checksum under a signature the published JWKS verifies. Returns the token's claims.
 */
export async function verifyReceipt(baseUrl: string, signed: Record<string, any>, typ = 'receipt+jwt'): Promise<Record<string, unknown>> {
  const { receipt, ...result } = signed;
  const jwks = (await (await fetch(`${baseUrl}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(receipt.token, createLocalJWKSet(jwks), { algorithms: ['EdDSA'], typ });
  const checksum = `sha256:${createHash('sha256').update(canonicalize(result)!).digest('hex')}`;
  if (receipt.checksum !== checksum) throw new Error(`receipt checksum ${receipt.checksum} is not ${checksum}`);
  if (payload.checksum !== checksum) throw new Error(`token checksum ${String(payload.checksum)} is not ${checksum}`);
  return payload;
}
