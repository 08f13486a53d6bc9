import * as v from 'valibot';
import { checksumOf } from '../crypto/canonical-json.ts';
import type { Tokens } from '../crypto/tokens.ts';

/** The evidence attached to every accepted run. */
export interface Receipt {
  /** `sha256:` + hex SHA-256 of the RFC 8785 canonical JSON of the result without `receipt`. */
  checksum: string;
  /** A signed `receipt+jwt` token carrying the checksum: verify it with the JWKS alone. */
  token: string;
  canonicalization: 'RFC 8785';
  jwks: string;
}

/** A {@link Receipt} as the API description states it. */
export const ReceiptSchema = v.pipe(
  v.object({
    checksum: v.pipe(v.string(), v.description('`sha256:` and the hex SHA-256 of the RFC 8785 canonical JSON of the result without `receipt`')),
    token: v.pipe(v.string(), v.description('A signed token (JWS, EdDSA) carrying the checksum; verify it with the JWKS')),
    canonicalization: v.literal('RFC 8785'),
    jwks: v.string(),
  }),
  v.title('Receipt'),
);

/** Checksums `evidence` and signs a receipt token holding the checksum and a summary. */
export async function issueReceipt(
  tokens: Tokens,
  evidence: object,
  summary: Record<string, unknown>,
  origin: string,
  kind: 'receipt' | 'forge-receipt' = 'receipt',
): Promise<Receipt> {
  const checksum = checksumOf(evidence);
  const token = await tokens.sign(kind, { ...summary, checksum });
  return { checksum, token, canonicalization: 'RFC 8785', jwks: `${origin}/.well-known/jwks.json` };
}
