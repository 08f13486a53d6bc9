import * as v from 'valibot';
import type { Tokens } from '../crypto/tokens.ts';

/** The evidence attached to every accepted run. */
export interface Receipt {
  /** `sha256:` + hex SHA-256 of the RFC 8785 canonical JSON of the result without `receipt`. */
  checksum: string;
  /** A signed `receipt+jwt` token carrying the checksum: verify it with the JWKS alone. */
  token: string;
  canonicalization: 'RFC 8785';
  /** Where the verifying keys are: see {@link receiptJwksLink}. */
  jwks: string;
}

export const JWKS_PATH = '/.well-known/jwks.json';

/**
 * The `jwks` of every receipt: the JWKS URL on the configured public origin, else its path
 * alone (resolved against the arena that answered), under the arena's base path: `publicBase`
 * (see `ArenaContext`). Never a request's Host: receipts are kept, by the league and by whoever
 * holds them, and covered by neither checksum nor signature, so it may follow the arena when it
 * moves; what is signed names no origin and no path.
 */
export function receiptJwksLink(publicBase: string): string {
  return `${publicBase}${JWKS_PATH}`;
}

/** A {@link Receipt} as the API description states it. */
export const ReceiptSchema = v.pipe(
  v.object({
    checksum: v.pipe(v.string(), v.description('`sha256:` and the hex SHA-256 of the RFC 8785 canonical JSON of the result without `receipt`')),
    token: v.pipe(v.string(), v.description('A signed token (JWS, EdDSA) carrying the checksum; verify it with the JWKS')),
    canonicalization: v.literal('RFC 8785'),
    jwks: v.pipe(
      v.string(),
      v.description('The JWKS URL: absolute on the configured public origin, else the path `/.well-known/jwks.json` (under the base path) on the arena that answered'),
    ),
  }),
  v.title('Receipt'),
);

/** Signs a receipt token holding the evidence's `checksum` (`checksumOf` it, see canonical-json.ts) and a summary. */
export async function issueReceipt(
  tokens: Tokens,
  checksum: string,
  summary: Record<string, unknown>,
  jwks: string,
  kind: 'receipt' | 'forge-receipt' = 'receipt',
): Promise<Receipt> {
  const token = await tokens.sign(kind, { ...summary, checksum });
  return { checksum, token, canonicalization: 'RFC 8785', jwks };
}
