import { keyedDigest } from '../../crypto/derive.ts';
import { randomIndex } from '../../crypto/random.ts';
import { seededBytes } from '../../crypto/seeded-random.ts';
import type { Board, Cell, SignalCell } from './board.ts';
import { bestRun } from './solver.ts';

export const SIZE = 8;
const WALLS = 10;
const HAZARDS = 4;
export const SIGNAL_IDS = ['LIME', 'CYAN', 'VIOLET', 'CORAL', 'WHITE', 'AMBER'];
export const MAX_SIGNAL_VALUE = 12;
const CORNERS: [Cell, Cell][] = [
  [
    { x: 0, y: 7 },
    { x: 7, y: 0 },
  ],
  [
    { x: 7, y: 0 },
    { x: 0, y: 7 },
  ],
  [
    { x: 0, y: 0 },
    { x: 7, y: 7 },
  ],
  [
    { x: 7, y: 7 },
    { x: 0, y: 0 },
  ],
];

export function challengeIdFor(date: string): string {
  return `packet-league:${date}:v1`;
}

/** The date a league challenge id names, or null when it names none. */
export function dateOfChallenge(challengeId: string): string | null {
  return /^packet-league:(\d{4}-\d{2}-\d{2}):v1$/.exec(challengeId)?.[1] ?? null;
}

/**
 * The day's shared board, from HMAC-SHA256(server secret, date) driving a seeded generator:
 * 8 by 8, 10 walls, 6 signals worth 1 to 12, 4 hazards, start and exit in opposite corners,
 * drawn again until EXIT is reachable within 20 actions. Any instance with the same secret
 * derives the same board for the same date, on every runtime.
 */
export function dailyBoard(secret: Uint8Array, date: string): Board {
  const random = seededBytes(keyedDigest(secret, 'packet-league/board', date));
  for (;;) {
    const board = drawBoard(random, challengeIdFor(date));
    if (bestRun(board)) return board;
  }
}

function drawBoard(random: (length: number) => Uint8Array, id: string): Board {
  const [start, exit] = CORNERS[randomIndex(random, CORNERS.length)]!;
  const taken = new Set([key(start), key(exit)]);
  const freeCell = (): Cell => {
    for (;;) {
      const cell = { x: randomIndex(random, SIZE), y: randomIndex(random, SIZE) };
      if (!taken.has(key(cell))) {
        taken.add(key(cell));
        return cell;
      }
    }
  };
  const walls = Array.from({ length: WALLS }, freeCell);
  const signals: SignalCell[] = SIGNAL_IDS.map((signalId) => ({ id: signalId, ...freeCell(), value: 1 + randomIndex(random, MAX_SIGNAL_VALUE) }));
  const hazards = Array.from({ length: HAZARDS }, freeCell);
  return { id, width: SIZE, height: SIZE, start, exit, walls, signals, hazards };
}

const key = (cell: Cell) => cell.y * SIZE + cell.x;
