import { STEP, type Direction } from './actions.ts';
import type { Board, Cell } from './board.ts';

/**
 * The seven non-identity symmetries of the square. Each maps a cell of an n by n board,
 * (x, y) with y downward, to its image; applied to every cell, start and exit alike, it
 * keeps every distance, so the best possible score of a board never changes.
 */
export const TRANSFORMS = {
  'rotate-90': (x: number, y: number, m: number) => ({ x: m - y, y: x }),
  'rotate-180': (x: number, y: number, m: number) => ({ x: m - x, y: m - y }),
  'rotate-270': (x: number, y: number, m: number) => ({ x: y, y: m - x }),
  'flip-horizontal': (x: number, y: number, m: number) => ({ x: m - x, y }),
  'flip-vertical': (x: number, y: number, m: number) => ({ x, y: m - y }),
  'flip-diagonal': (x: number, y: number) => ({ x: y, y: x }),
  'flip-antidiagonal': (x: number, y: number, m: number) => ({ x: m - y, y: m - x }),
} as const;

export type TransformName = keyof typeof TRANSFORMS;
export type BoardTransform = TransformName | 'identity';
export const TRANSFORM_NAMES = Object.keys(TRANSFORMS) as TransformName[];

export function transformCell(transform: TransformName, cell: Cell, size: number): Cell {
  return TRANSFORMS[transform](cell.x, cell.y, size - 1);
}

/** The board seen through a symmetry; the board must be square. */
export function transformBoard(board: Board, transform: TransformName): Board {
  if (board.width !== board.height) throw new RangeError('only a square board has these symmetries');
  const map = <C extends Cell>(cell: C): C => ({ ...cell, ...transformCell(transform, cell, board.width) });
  return {
    ...board,
    start: map(board.start),
    exit: map(board.exit),
    walls: board.walls.map(map),
    signals: board.signals.map(map),
    hazards: board.hazards.map(map),
  };
}

/** The letter that makes, on the transformed board, the move `direction` makes on the original. */
export function transformDirection(transform: TransformName, direction: Direction): Direction {
  // The linear part of the symmetry: the image of the step minus the image of the origin.
  const origin = TRANSFORMS[transform](0, 0, 0);
  const image = TRANSFORMS[transform](STEP[direction].x, STEP[direction].y, 0);
  const dx = image.x - origin.x;
  const dy = image.y - origin.y;
  return dx === 1 ? 'R' : dx === -1 ? 'L' : dy === 1 ? 'D' : 'U';
}
