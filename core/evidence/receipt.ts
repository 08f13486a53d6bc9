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
