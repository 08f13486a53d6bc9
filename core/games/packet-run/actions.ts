import type { Cell } from './board.ts';

export const DIRECTIONS = ['U', 'D', 'L', 'R'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** What each letter does to the coordinates (y grows downward). */
export const STEP: Record<Direction, Cell> = {
  U: { x: 0, y: -1 },
  D: { x: 0, y: 1 },
  L: { x: -1, y: 0 },
  R: { x: 1, y: 0 },
};

/** The action budget of every Packet Run board. */
export const MAX_ACTIONS = 20;

export function isDirection(value: string): value is Direction {
  return value === 'U' || value === 'D' || value === 'L' || value === 'R';
}
