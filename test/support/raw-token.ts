import { encodeBase64Url, encodeBase64UrlText } from '../../core/crypto/base64url.ts';
import { createKeyRing } from '../../core/crypto/key-ring.ts';

/**
 * A compact JWS signed by the arena's own key with exactly this payload: what the arena's
 * signer would never issue (a token of a kind with a lifetime but no `exp`, say).
 */
export async function signRawToken(signingSeed: Uint8Array, kind: string, payload: Record<string, unknown>): Promise<string> {
  const keys = await createKeyRing({ signingSeed });
  const header = { alg: 'EdDSA', kid: keys.currentKid, typ: `${kind}+jwt` };
  const signingInput = `${encodeBase64UrlText(JSON.stringify(header))}.${encodeBase64UrlText(JSON.stringify(payload))}`;
  return `${signingInput}.${encodeBase64Url(await keys.sign(new TextEncoder().encode(signingInput)))}`;
}
