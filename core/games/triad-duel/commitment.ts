import { sha256Hex } from '../../crypto/sha256.ts';
import { COMMITMENT_PREFIX } from './circuit.ts';
import type { Move } from './moves.ts';

/** The text a challenger hashes: `triad-duel/1|{circuitId}|{MOVES}|{nonce}`, moves upper-cased. */
export function commitmentText(circuitId: string, moves: readonly Move[], nonce: string): string {
  return `${COMMITMENT_PREFIX}|${circuitId}|${moves.join('')}|${nonce}`;
}

/** The commitment: lower-case hex SHA-256 of the commitment text. */
export function commitmentOf(circuitId: string, moves: readonly Move[], nonce: string): string {
  return sha256Hex(commitmentText(circuitId, moves, nonce));
}
