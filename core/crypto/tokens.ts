import { decodeBase64Url, encodeBase64Url, encodeBase64UrlText } from './base64url.ts';
import type { KeyRing } from './key-ring.ts';

/**
 * Signed tokens: JWS compact serialization, EdDSA (Ed25519), a `kid`, and a `typ` of
 * `<kind>+jwt` naming what the token is for, so a token of one kind is refused where another
 * is expected. Claims follow JWT (`iss`, `iat`, `exp` in seconds); a stock JOSE library
 * verifies them with the public JWKS alone.
 */
export const TOKEN_KINDS = ['trial', 'league', 'invite', 'response', 'receipt', 'capsule', 'forge-receipt', 'registration'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/**
 * The kinds that only hold for a while (a trial's 15 minutes, a league board's day, a duel's
 * handshake, a capability's 30 days): one of these without `exp` is refused, never taken to
 * live for ever. Evidence (receipts, capsules) never expires.
 */
export const EXPIRING_TOKEN_KINDS: readonly TokenKind[] = ['trial', 'league', 'invite', 'response', 'registration'];

export type TokenClaims = Record<string, unknown> & { iss: string; iat: number; exp?: number };

export type TokenFailure = 'malformed' | 'unknown-key' | 'signature' | 'wrong-kind' | 'no-expiry' | 'expired';

export class TokenError extends Error {
  constructor(
    readonly reason: TokenFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

export interface SignOptions {
  /** Lifetime in seconds from now; omit for a token that never expires (never for an expiring kind). */
  ttlSeconds?: number;
  /** Absolute expiry in epoch milliseconds; wins over `ttlSeconds`. */
  expiresAt?: number;
}

export interface Tokens {
  sign(kind: TokenKind, claims: Record<string, unknown>, options?: SignOptions): Promise<string>;
  /** Returns the claims, or throws a `TokenError` saying exactly why the token is refused. */
  verify(kind: TokenKind, token: unknown): Promise<TokenClaims>;
}

/** Longer than any token the arena issues; anything longer is refused before decoding. */
export const MAX_TOKEN_LENGTH = 12_000;

export function tokenType(kind: TokenKind): string {
  return `${kind}+jwt`;
}

export function createTokens(options: { keys: KeyRing; now: () => number; issuer: string }): Tokens {
  const { keys, now, issuer } = options;
  const encoder = new TextEncoder();

  async function sign(kind: TokenKind, claims: Record<string, unknown>, signOptions: SignOptions = {}) {
    const issuedAt = Math.floor(now() / 1000);
    const expiry =
      signOptions.expiresAt !== undefined ? Math.floor(signOptions.expiresAt / 1000) : signOptions.ttlSeconds !== undefined ? issuedAt + signOptions.ttlSeconds : undefined;
    if (expiry === undefined && EXPIRING_TOKEN_KINDS.includes(kind)) throw new TypeError(`a ${kind} token needs an expiry`);
    const header = { alg: 'EdDSA', kid: keys.currentKid, typ: tokenType(kind) };
    const payload = { ...claims, iss: issuer, iat: issuedAt, ...(expiry === undefined ? {} : { exp: expiry }) };
    const signingInput = `${encodeBase64UrlText(JSON.stringify(header))}.${encodeBase64UrlText(JSON.stringify(payload))}`;
    const signature = await keys.sign(encoder.encode(signingInput));
    return `${signingInput}.${encodeBase64Url(signature)}`;
  }

  async function verify(kind: TokenKind, token: unknown): Promise<TokenClaims> {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw malformed();
    const parts = token.split('.');
    if (parts.length !== 3) throw malformed();
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
    const header = decodeJsonObject(encodedHeader);
    const signature = decodeBase64Url(encodedSignature);
    if (!header || !signature || header.alg !== 'EdDSA' || typeof header.kid !== 'string' || 'crit' in header) {
      throw malformed();
    }
    const verifier = keys.verifierFor(header.kid);
    if (!verifier) throw new TokenError('unknown-key', 'the token was signed by a key this arena does not publish');
    const signed = await verifier.verify(signature, encoder.encode(`${encodedHeader}.${encodedPayload}`));
    if (!signed) throw new TokenError('signature', 'the token signature does not verify');
    if (header.typ !== tokenType(kind)) {
      const actual = typeof header.typ === 'string' ? header.typ.replace(/\+jwt$/, '') : 'untyped';
      throw new TokenError('wrong-kind', `this is a ${actual} token; a ${kind} token is expected here`);
    }
    const claims = decodeJsonObject(encodedPayload);
    if (!claims || typeof claims.iat !== 'number' || typeof claims.iss !== 'string') throw malformed();
    if (claims.exp !== undefined && typeof claims.exp !== 'number') throw malformed();
    if (claims.exp === undefined && EXPIRING_TOKEN_KINDS.includes(kind)) {
      throw new TokenError('no-expiry', `a ${kind} token must carry an expiry (exp); this one has none`);
    }
    if (typeof claims.exp === 'number' && now() >= claims.exp * 1000) {
      throw new TokenError('expired', `the token expired at ${new Date(claims.exp * 1000).toISOString()}`);
    }
    return claims as TokenClaims;
  }

  return { sign, verify };
}

function malformed(): TokenError {
  return new TokenError('malformed', 'the token is not a compact JWS issued by this arena');
}

function decodeJsonObject(segment: string): Record<string, unknown> | null {
  const bytes = decodeBase64Url(segment);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
