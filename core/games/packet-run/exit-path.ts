import { DIRECTIONS, MAX_ACTIONS, STEP, type Direction } from './actions.ts';
import type { Board, Cell } from './board.ts';
import { compile } from './rules.ts';

/**
 * A shortest tape from START to EXIT, by breadth-first search over the open cells (hazards
 * cost points but do not block), or `null` when EXIT is out of reach within the action budget.
 * Reaching EXIT is the entry ticket to the league; the score is the competition, so this is
 * the plain path, not the best run (see solver.ts for that).
 */
export function shortestExitTape(board: Board): Direction[] | null {
  const grid = compile(board);
  const key = (cell: Cell) => cell.y * board.width + cell.x;
  const cameFrom = new Map<number, { from: number; action: Direction } | null>([[key(board.start), null]]);
  let frontier: Cell[] = [board.start];
  for (let used = 0; used < MAX_ACTIONS && frontier.length > 0; used++) {
    const next: Cell[] = [];
    for (const cell of frontier) {
      for (const action of DIRECTIONS) {
        const target = { x: cell.x + STEP[action].x, y: cell.y + STEP[action].y };
        if (!grid.isOpen(target) || cameFrom.has(key(target))) continue;
        cameFrom.set(key(target), { from: key(cell), action });
        if (grid.isExit(target)) return tapeTo(key(target), cameFrom);
        next.push(target);
      }
    }
    frontier = next;
  }
  return null;
}

function tapeTo(end: number, cameFrom: Map<number, { from: number; action: Direction } | null>): Direction[] {
  const tape: Direction[] = [];
  for (let step = cameFrom.get(end); step; step = cameFrom.get(step.from)) tape.unshift(step.action);
  return tape;
}
