/** A cell; the origin is the top-left, x grows to the right and y grows downward. */
export interface Cell {
  x: number;
  y: number;
}

export interface SignalCell extends Cell {
  id: string;
  value: number;
}

export interface Board {
  id: string;
  width: number;
  height: number;
  start: Cell;
  exit: Cell;
  walls: Cell[];
  signals: SignalCell[];
  hazards: Cell[];
}

export const GAME_ID = 'packet-run';
export const GAME_VERSION = '1.0.0';
export const CLASSIC_CHALLENGE = 'season-0-grid-a';

const cells = (...pairs: [number, number][]): Cell[] => pairs.map(([x, y]) => ({ x, y }));

/** The classic board of spec section 2.3. */
export const CLASSIC_BOARD: Board = {
  id: CLASSIC_CHALLENGE,
  width: 8,
  height: 8,
  start: { x: 0, y: 7 },
  exit: { x: 7, y: 0 },
  walls: cells([1, 7], [1, 6], [1, 3], [3, 6], [3, 5], [4, 5], [5, 5], [5, 3], [7, 3], [2, 1]),
  signals: [
    { id: 'LIME', x: 0, y: 5, value: 4 },
    { id: 'CYAN', x: 2, y: 5, value: 6 },
    { id: 'VIOLET', x: 3, y: 3, value: 9 },
    { id: 'CORAL', x: 5, y: 4, value: 7 },
    { id: 'WHITE', x: 6, y: 2, value: 11 },
    { id: 'AMBER', x: 4, y: 1, value: 8 },
  ],
  hazards: cells([2, 6], [4, 4], [5, 2], [6, 5]),
};
