import { randomBytes } from 'node:crypto';
import type { Board } from '../../core/games/packet-run/board.ts';
import { bestRun } from '../../core/games/packet-run/solver.ts';

/** A fresh private registration nonce: 32 random bytes, base64url. */
export const freshNonce = () => randomBytes(32).toString('base64url');

/** A fresh Idempotency-Key. */
export const freshKey = () => `test-${randomBytes(12).toString('hex')}`;

/** The best tape for a board (it reaches EXIT), as the compact string. */
export function finishingTape(board: Board): string {
  const best = bestRun(board);
  if (!best) throw new Error('the board has no finishing tape');
  return best.tape.join('');
}

/** A tape that never reaches EXIT: bumping into the start corner's edge. */
export function stuckTape(board: Board): string {
  return board.start.y === 0 ? 'U' : 'D';
}
