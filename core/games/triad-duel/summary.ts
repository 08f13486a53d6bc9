import type { DuelResult } from './claims.ts';

/** One line on a scored duel, for a model to read before its twelve rounds. */
export function summariseDuel(duel: Pick<DuelResult, 'circuit' | 'totals' | 'outcome'>): string {
  return `Triad Duel on ${duel.circuit.id}: ${duel.outcome}, challenger ${duel.totals.challenger} to responder ${duel.totals.responder}.`;
}

/** Where a revealed duel can be read again, verified: its receipt, by the verify route. */
export function verifyPathOf(receiptToken: string): string {
  return `/api/games/triad-duel/verify?receiptToken=${encodeURIComponent(receiptToken)}`;
}
