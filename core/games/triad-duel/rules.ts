import type { FieldRound } from './circuit.ts';
import { beats, type Move } from './moves.ts';

export type Side = 'challenger' | 'responder';

export interface DuelRound {
  round: number;
  glyph: Move;
  weight: number;
  challenger: Move;
  responder: Move;
  /** Who won the round, or `tie`. */
  winner: Side | 'tie';
  /** 2 × weight for a win, weight each for a tie, 0 for a loss. */
  points: Record<Side, number>;
  /** +1 for a move equal to the round's glyph, apart from the points. */
  alignment: Record<Side, number>;
}

export interface DuelScore {
  rounds: DuelRound[];
  /** Points plus alignment over all rounds. */
  totals: Record<Side, number>;
  outcome: 'challenger-wins' | 'responder-wins' | 'draw';
}

/** Evaluates 12 rounds. A pure function of the field and both sequences. */
export function scoreDuel(field: readonly FieldRound[], challenger: readonly Move[], responder: readonly Move[]): DuelScore {
  const totals = { challenger: 0, responder: 0 };
  const rounds = field.map(({ round, glyph, weight }, i): DuelRound => {
    const c = challenger[i]!;
    const r = responder[i]!;
    const winner = beats(c, r) ? 'challenger' : beats(r, c) ? 'responder' : 'tie';
    const points = {
      challenger: winner === 'challenger' ? 2 * weight : winner === 'tie' ? weight : 0,
      responder: winner === 'responder' ? 2 * weight : winner === 'tie' ? weight : 0,
    };
    const alignment = { challenger: c === glyph ? 1 : 0, responder: r === glyph ? 1 : 0 };
    totals.challenger += points.challenger + alignment.challenger;
    totals.responder += points.responder + alignment.responder;
    return { round, glyph, weight, challenger: c, responder: r, winner, points, alignment };
  });
  const outcome = totals.challenger > totals.responder ? 'challenger-wins' : totals.responder > totals.challenger ? 'responder-wins' : 'draw';
  return { rounds, totals, outcome };
}
