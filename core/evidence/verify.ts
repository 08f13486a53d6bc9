/**
 * What a verifier checks, with the arena's public keys alone (`arena verify` offline, with a
 * JWKS; `POST /api/receipts/verify`, with the arena's own): a Packet Run result and its
 * receipt, a Triad Duel receipt, a State Forge receipt or capsule. Each check is the core's own
 * (token signature and kind, RFC 8785 checksum, the duel's commitment and replay).
 */
import { checksumOf, NoCanonicalForm } from '../crypto/canonical-json.ts';
import { decodeBase64Url } from '../crypto/base64url.ts';
import { TokenError, type TokenKind, type Tokens } from '../crypto/tokens.ts';
import { verifyDuelReceipt } from '../games/triad-duel/receipt.ts';
import { HttpError } from '../http/problem.ts';

export type Verdict = { valid: true; kind: TokenKind; game: string; checked: string[]; signedAt: string } | { valid: false; reason: string };

type Json = Record<string, unknown>;

const EVIDENCE_KINDS: readonly TokenKind[] = ['receipt', 'forge-receipt', 'capsule'];

/**
 * Verifies `input`: a token, or an answer holding one (`receipt.token`, `capsule`,
 * `receiptToken`); a league attempt's record (an export line) is verified by its `result`.
 */
export async function verifyEvidence(tokens: Tokens, given: unknown): Promise<Verdict> {
  const input = attemptResultIn(given) ?? given;
  const token = tokenIn(input);
  if (token === undefined) return { valid: false, reason: 'no token found: give a receipt token, a capsule, or an answer holding `receipt.token`' };
  const kind = kindOf(token);
  if (!kind) return { valid: false, reason: 'this is not evidence the arena signs (a receipt, a State Forge receipt or a capsule)' };
  try {
    const claims = await tokens.verify(kind, token);
    const signedAt = new Date(claims.iat * 1000).toISOString();
    const game = String(claims.game ?? (kind === 'capsule' ? 'state-forge' : 'unknown'));
    const checked = ['signature', 'kind'];
    if (kind === 'receipt' && game === 'triad-duel') {
      await verifyDuelReceipt(tokens, token);
      checked.push('checksum', 'commitment', 'replay');
    } else if (kind === 'forge-receipt') {
      if (checksumOf(claims.evidence) !== claims.checksum) return { valid: false, reason: 'the checksum does not match the evidence the receipt carries' };
      checked.push('checksum');
    }
    // An answer holding its result: the result is what the checksum was taken of.
    const held = heldResult(input, kind);
    if (held !== undefined) {
      const checksum = checksumOf(held);
      if (checksum !== claims.checksum) return { valid: false, reason: `the result's checksum ${checksum} is not the one the receipt signs (${String(claims.checksum)})` };
      const stated = ((input as Json).receipt as Json | undefined)?.checksum;
      if (stated !== undefined && stated !== checksum) return { valid: false, reason: 'the receipt states another checksum than its token signs' };
      if (!checked.includes('checksum')) checked.push('checksum');
    }
    return { valid: true, kind, game, checked, signedAt };
  } catch (error) {
    if (error instanceof TokenError || error instanceof HttpError) return { valid: false, reason: error.message };
    // No checksum can be taken of it, so no receipt signs it.
    if (error instanceof NoCanonicalForm) return { valid: false, reason: `the result has no canonical JSON form (RFC 8785), so no receipt signs it: ${error.message}` };
    throw error;
  }
}

/** A league attempt's record holds its run as `result`, which is what its receipt signs. */
function attemptResultIn(input: unknown): unknown {
  const result = (input as Json | null)?.result as Json | undefined;
  return typeof input === 'object' && input !== null && typeof result === 'object' && result !== null && result.game === 'packet-run' ? result : undefined;
}

function tokenIn(input: unknown): string | undefined {
  if (typeof input === 'string') return input.trim();
  const answer = input as Json | null;
  const candidate = ((answer?.receipt as Json | undefined)?.token ?? answer?.capsule ?? answer?.receiptToken) as unknown;
  return typeof candidate === 'string' ? candidate : undefined;
}

function kindOf(token: string): TokenKind | undefined {
  const header = decodeBase64Url(token.split('.')[0] ?? '');
  if (!header) return undefined;
  try {
    const typ = (JSON.parse(new TextDecoder().decode(header)) as { typ?: unknown }).typ;
    return EVIDENCE_KINDS.find((kind) => typ === `${kind}+jwt`);
  } catch {
    return undefined;
  }
}

/**
 * The result a receipt's checksum was taken of, when the answer holds it: a Packet Run result
 * without its receipt (and a trial's private registration capability, added after), or a State
 * Forge play's `evidence`.
 */
function heldResult(input: unknown, kind: TokenKind): unknown {
  if (typeof input !== 'object' || input === null || kind === 'capsule') return undefined;
  if (kind === 'forge-receipt') return (input as Json).evidence;
  // A Triad reveal answer checks its result inside the token; a bare receipt object holds no result.
  if ((input as Json).game !== 'packet-run') return undefined;
  const { receipt: _, registrationCapability: __, ...result } = input as Json;
  return result;
}
