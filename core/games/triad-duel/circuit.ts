import { keyedDigest } from '../../crypto/derive.ts';
import { randomIndex } from '../../crypto/random.ts';
import { seededBytes } from '../../crypto/seeded-random.ts';
import { EACH_MOVE, MOVE_COUNT, MOVES, type Move } from './moves.ts';

export interface FieldRound {
  round: number;
  glyph: Move;
  weight: number;
}

export interface Circuit {
  id: string;
  game: 'triad-duel';
  mode: 'daily-circuit';
  date: string;
  field: FieldRound[];
  moveCount: number;
  inventory: Record<Move, number>;
  commitmentCanonicalForm: string;
}

export const COMMITMENT_PREFIX = 'triad-duel/1';
export const CIRCUIT_ID_PATTERN = /^triad-circuit-\d{4}-\d{2}-\d{2}$/;

export function circuitId(date: string): string {
  return `triad-circuit-${date}`;
}

/**
 * The day's circuit: 12 glyphs and weights (1 to 3) drawn from HMAC-SHA256(server secret,
 * date), so no one knows it before it is published and every instance derives the same one.
 */
export function dailyCircuit(secret: Uint8Array, date: string): Circuit {
  const random = seededBytes(keyedDigest(secret, 'triad-duel/circuit', date));
  const field = Array.from({ length: MOVE_COUNT }, (_, i) => ({
    round: i + 1,
    glyph: MOVES[randomIndex(random, MOVES.length)]!,
    weight: 1 + randomIndex(random, 3),
  }));
  return {
    id: circuitId(date),
    game: 'triad-duel',
    mode: 'daily-circuit',
    date,
    field,
    moveCount: MOVE_COUNT,
    inventory: { R: EACH_MOVE, P: EACH_MOVE, S: EACH_MOVE },
    commitmentCanonicalForm: `${COMMITMENT_PREFIX}|{circuitId}|{moves}|{nonce}`,
  };
}
