import type { Parsed } from '../../schema/parsed.ts';

export const MOVES = ['R', 'P', 'S'] as const;
export type Move = (typeof MOVES)[number];

export const MOVE_COUNT = 12;
export const EACH_MOVE = 4;

/** R beats S, S beats P, P beats R. */
const BEATS: Record<Move, Move> = { R: 'S', S: 'P', P: 'R' };

export function beats(a: Move, b: Move): boolean {
  return BEATS[a] === b;
}

const LETTERS = new Map<string, Move>([
  ['R', 'R'],
  ['r', 'R'],
  ['P', 'P'],
  ['p', 'P'],
  ['S', 'S'],
  ['s', 'S'],
]);

/** A sequence: exactly 12 letters R, P, S in either case, four of each, nothing else. */
export function parseSequence(text: string): Parsed<Move[]> {
  const characters = [...text];
  if (characters.length !== MOVE_COUNT) return { ok: false, message: `must be ${MOVE_COUNT} moves (got ${characters.length} characters)` };
  const moves: Move[] = [];
  for (const [index, character] of characters.entries()) {
    const move = LETTERS.get(character);
    if (!move) return { ok: false, message: `unexpected character ${JSON.stringify(character)} at position ${index + 1}; use R, P, S` };
    moves.push(move);
  }
  const counts = MOVES.map((move) => moves.filter((m) => m === move).length);
  if (counts.some((count) => count !== EACH_MOVE)) {
    return { ok: false, message: `must hold exactly four each of R, P and S (got R×${counts[0]}, P×${counts[1]}, S×${counts[2]})` };
  }
  return { ok: true, value: moves };
}
