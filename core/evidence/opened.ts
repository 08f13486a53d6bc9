import * as v from 'valibot';
import { decodeBase64Url } from '../crypto/base64url.ts';
import { TokenError, type TokenKind, type Tokens } from '../crypto/tokens.ts';
import { ReceiptClaimsSchema, type ReceiptClaims } from '../games/packet-run/result.ts';
import { openCapsule, type OpenedCapsule } from '../games/state-forge/capsule.ts';
import { verifyForgeReceipt, type ForgeEvidence } from '../games/state-forge/evidence.ts';
import type { DuelResult } from '../games/triad-duel/claims.ts';
import { verifyDuelReceipt } from '../games/triad-duel/receipt.ts';
import { verifyTokenField } from '../http/verify-token.ts';
import { HttpError } from '../http/problem.ts';

interface Signed {
  token: string;
  signedAt: string;
  /** The checks the token passed: its signature and kind, and its game's own. */
  checked: string[];
}

/** A token of evidence, verified, with what it signs. */
export type Opened = Signed &
  (
    | { kind: 'receipt'; game: 'packet-run'; claims: ReceiptClaims }
    | { kind: 'receipt'; game: 'triad-duel'; checksum: string; result: DuelResult }
    | { kind: 'forge-receipt'; game: 'state-forge'; checksum: string; evidence: ForgeEvidence }
    | { kind: 'capsule'; game: 'state-forge'; capsule: OpenedCapsule }
  );

const EVIDENCE_KINDS = ['receipt', 'forge-receipt', 'capsule'] as const satisfies readonly TokenKind[];

/** Verifies a token of evidence with its game's own checks, or says why it is refused. */
export async function openEvidence(tokens: Tokens, token: string): Promise<Opened | { refused: string }> {
  const kind = kindOf(token);
  if (!kind) return { refused: 'this is not evidence the arena signs (a receipt, a State Forge receipt or a capsule)' };
  try {
    if (kind === 'capsule') {
      const capsule = await openCapsule(tokens, token);
      return { kind, game: 'state-forge', token, signedAt: capsule.signedAt, checked: ['signature', 'kind', 'audit'], capsule };
    }
    if (kind === 'forge-receipt') {
      const { checksum, signedAt, evidence } = await verifyForgeReceipt(tokens, token);
      return { kind, game: 'state-forge', token, signedAt, checked: ['signature', 'kind', 'checksum'], checksum, evidence };
    }
    const claims = await verifyTokenField(tokens, 'receipt', token, 'receipt');
    const signedAt = new Date(claims.iat * 1000).toISOString();
    if (claims.game === 'triad-duel') {
      const { checksum, verified: _, signedAt: __, ...result } = await verifyDuelReceipt(tokens, token);
      return { kind, game: 'triad-duel', token, signedAt, checked: ['signature', 'kind', 'checksum', 'commitment', 'replay'], checksum, result };
    }
    const parsed = v.safeParse(ReceiptClaimsSchema, claims);
    if (!parsed.success) return { refused: `this receipt does not carry what a ${String(claims.game)} receipt of this release carries` };
    return { kind, game: 'packet-run', token, signedAt, checked: ['signature', 'kind'], claims: parsed.output };
  } catch (error) {
    return { refused: refusalOf(error) };
  }
}

/** Why a token was refused, without the name of the field a route took it by; anything else is thrown again. */
export function refusalOf(error: unknown): string {
  if (error instanceof HttpError) return error.extra.errors?.[0]?.message ?? error.message;
  if (error instanceof TokenError) return error.message;
  throw error;
}

function kindOf(token: string): (typeof EVIDENCE_KINDS)[number] | undefined {
  const header = decodeBase64Url(token.split('.')[0] ?? '');
  if (!header) return undefined;
  try {
    const typ = (JSON.parse(new TextDecoder().decode(header)) as { typ?: unknown }).typ;
    return EVIDENCE_KINDS.find((kind) => typ === `${kind}+jwt`);
  } catch {
    return undefined;
  }
}
