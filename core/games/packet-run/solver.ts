import { DIRECTIONS, MAX_ACTIONS, STEP, type Direction } from './actions.ts';
import type { Board } from './board.ts';
import { SCORING, compile } from './rules.ts';

export interface BestRun {
  score: number;
  tape: Direction[];
}

/**
 * The best score any tape of at most 20 actions can reach on a board, with one tape that
 * reaches it, or `null` when EXIT cannot be reached. Exact dynamic programming over
 * (step, cell, signals collected): small enough for boards of this size.
 */
export function bestRun(board: Board): BestRun | null {
  const grid = compile(board);
  const cellCount = board.width * board.height;
  const signalBit = new Map(board.signals.map((signal, i) => [signal.y * board.width + signal.x, i]));
  let scores = new Map<number, Reached>();
  scores.set(board.start.y * board.width + board.start.x, { score: 0, trail: null });
  let best: Reached | null = null;

  for (let used = 1; used <= MAX_ACTIONS; used++) {
    const next = new Map<number, Reached>();
    for (const [state, { score, trail }] of scores) {
      const cell = state % cellCount;
      const mask = Math.floor(state / cellCount);
      const x = cell % board.width;
      const y = Math.floor(cell / board.width);
      for (const action of DIRECTIONS) {
        const target = { x: x + STEP[action].x, y: y + STEP[action].y };
        const step: Trail = { previous: trail, action };
        if (!grid.isOpen(target)) {
          offer(next, state, score + SCORING.collision, step);
          continue;
        }
        const targetCell = target.y * board.width + target.x;
        if (grid.isExit(target)) {
          const final = score + SCORING.exit + SCORING.efficiencyPerUnusedAction * (MAX_ACTIONS - used);
          if (!best || final > best.score) best = { score: final, trail: step };
          continue;
        }
        // The same precedence as runTape: a hazard cell scores its penalty and nothing else.
        let gain = 0;
        let nextMask = mask;
        const bit = signalBit.get(targetCell);
        if (grid.isHazard(target)) gain = SCORING.hazard;
        else if (bit !== undefined && !(mask & (1 << bit))) {
          gain = board.signals[bit]!.value;
          nextMask |= 1 << bit;
        }
        offer(next, nextMask * cellCount + targetCell, score + gain, step);
      }
    }
    scores = next;
  }
  if (!best) return null;
  const tape: Direction[] = [];
  for (let trail: Trail = best.trail; trail; trail = trail.previous) tape.unshift(trail.action);
  return { score: best.score, tape };
}

type Trail = { previous: Trail; action: Direction } | null;
type Reached = { score: number; trail: Trail };

function offer(states: Map<number, Reached>, state: number, score: number, trail: Trail) {
  const current = states.get(state);
  if (!current || score > current.score) states.set(state, { score, trail });
}
