import { checksumOf } from '../../crypto/canonical-json.ts';
import type { Tokens } from '../../crypto/tokens.ts';
import { issueReceipt, receiptJwksLink, type Receipt } from '../../evidence/receipt.ts';
import { HttpError } from '../../http/problem.ts';
import { verifyTokenField } from '../../http/verify-token.ts';
import { ReceiptClaimsSchema, parseClaims, type DuelResult } from './claims.ts';
import { commitmentOf } from './commitment.ts';
import type { Move } from './moves.ts';
import { scoreDuel } from './rules.ts';

/**
 * A duel receipt carries the whole result (declarations, scores, replay) with its checksum,
 * so anyone can verify a duel from the receipt alone, long after, with no storage.
 */
export function issueDuelReceipt(tokens: Tokens, result: DuelResult, publicBase: string): Promise<Receipt> {
  return issueReceipt(tokens, checksumOf(result), { game: 'triad-duel', result }, receiptJwksLink(publicBase));
}

/** Verifies signature, checksum, commitment and scoring of a duel receipt. */
export async function verifyDuelReceipt(tokens: Tokens, token: string) {
  const claims = await verifyTokenField(tokens, 'receipt', token, 'receiptToken');
  if (claims.game !== 'triad-duel') {
    throw new HttpError('invalid-token', `receiptToken: this is a ${String(claims.game)} receipt, not a Triad Duel receipt`);
  }
  const { checksum, result } = parseClaims(ReceiptClaimsSchema, claims, 'receiptToken');
  if (checksumOf(result) !== checksum) throw invalid('the checksum does not match the result it carries');
  const challengerMoves = [...result.challenger.moves] as Move[];
  if (commitmentOf(result.circuit.id, challengerMoves, result.challenger.nonce) !== result.challenger.commitment) {
    throw invalid('the revealed moves do not match the commitment');
  }
  const rescored = scoreDuel(result.circuit.field, challengerMoves, [...result.responder.moves] as Move[]);
  if (
    checksumOf({ replay: rescored.rounds, totals: rescored.totals, outcome: rescored.outcome }) !==
    checksumOf({ replay: result.replay, totals: result.totals, outcome: result.outcome })
  ) {
    throw invalid('the replay does not follow from the moves');
  }
  return { verified: true as const, checksum, signedAt: new Date(claims.iat * 1000).toISOString(), ...result };
}

function invalid(detail: string): HttpError {
  return new HttpError('invalid-token', `receiptToken: ${detail}`, { errors: [{ path: 'receiptToken', message: detail }] });
}
