import { MAX_ACTIONS, STEP, type Direction } from './actions.ts';
import type { Board, Cell } from './board.ts';

/** Scoring constants of spec section 2.4. */
export const SCORING = { exit: 30, efficiencyPerUnusedAction: 2, hazard: -6, collision: -3 } as const;

export const BENCHMARKS = [
  { id: 'OBSIDIAN', minimum: 76 },
  { id: 'GOLD', minimum: 70 },
  { id: 'SILVER', minimum: 55 },
  { id: 'BRONZE', minimum: 1 },
] as const;
export type Benchmark = (typeof BENCHMARKS)[number]['id'];

export type FrameEvent = 'move' | 'collision' | 'hazard' | 'signal' | 'exit' | 'ignored';

export interface ReplayFrame {
  step: number;
  action: Direction;
  from: Cell;
  to: Cell;
  event: FrameEvent;
  /** The signal collected on this step, if any. */
  signal: string | null;
  delta: number;
  /** Running score after this step. */
  score: number;
}

/** Components that add up to `total`: penalties are negative. */
export interface Breakdown {
  signals: number;
  exit: number;
  efficiency: number;
  hazards: number;
  collisions: number;
  total: number;
}

export interface RunOutcome {
  frames: ReplayFrame[];
  breakdown: Breakdown;
  reachedExit: boolean;
  /** Actions up to and including the one that reached EXIT (all of them if it never did). */
  usedActions: number;
  /** Actions after EXIT: kept in the replay, scoring nothing. */
  ignoredActions: number;
  benchmark: Benchmark | null;
}

/**
 * Plays a tape on a board. A pure function: the same board and tape give the same outcome
 * on every runtime. Blocked moves (off the board or into a wall) leave the agent in place.
 */
export function runTape(board: Board, actions: readonly Direction[]): RunOutcome {
  const grid = compile(board);
  const collected = new Set<string>();
  const frames: ReplayFrame[] = [];
  const breakdown: Breakdown = { signals: 0, exit: 0, efficiency: 0, hazards: 0, collisions: 0, total: 0 };
  let position: Cell = board.start;
  let reachedExit = false;
  let usedActions = 0;

  for (const [index, action] of actions.entries()) {
    const from = position;
    if (reachedExit) {
      frames.push({ step: index + 1, action, from, to: from, event: 'ignored', signal: null, delta: 0, score: breakdown.total });
      continue;
    }
    usedActions++;
    const target = { x: from.x + STEP[action].x, y: from.y + STEP[action].y };
    let event: FrameEvent;
    let signal: string | null = null;
    let delta = 0;
    if (!grid.isOpen(target)) {
      event = 'collision';
      delta = SCORING.collision;
      breakdown.collisions += delta;
    } else {
      position = target;
      const found = grid.signalAt(target);
      if (grid.isExit(target)) {
        reachedExit = true;
        event = 'exit';
        breakdown.exit = SCORING.exit;
        breakdown.efficiency = SCORING.efficiencyPerUnusedAction * (MAX_ACTIONS - usedActions);
        delta = breakdown.exit + breakdown.efficiency;
      } else if (grid.isHazard(target)) {
        event = 'hazard';
        delta = SCORING.hazard;
        breakdown.hazards += delta;
      } else if (found && !collected.has(found.id)) {
        collected.add(found.id);
        event = 'signal';
        signal = found.id;
        delta = found.value;
        breakdown.signals += delta;
      } else {
        event = 'move';
      }
    }
    breakdown.total += delta;
    frames.push({ step: index + 1, action, from, to: position, event, signal, delta, score: breakdown.total });
  }

  return {
    frames,
    breakdown,
    reachedExit,
    usedActions,
    ignoredActions: actions.length - usedActions,
    benchmark: benchmarkFor(breakdown.total, reachedExit),
  };
}

/** The highest benchmark met; a run must reach EXIT to be placed. */
export function benchmarkFor(total: number, reachedExit: boolean): Benchmark | null {
  if (!reachedExit) return null;
  return BENCHMARKS.find((benchmark) => total >= benchmark.minimum)?.id ?? null;
}

interface CompiledBoard {
  isOpen(cell: Cell): boolean;
  isExit(cell: Cell): boolean;
  isHazard(cell: Cell): boolean;
  signalAt(cell: Cell): { id: string; value: number } | undefined;
}

const compiled = new WeakMap<Board, CompiledBoard>();

/** Cell lookups by index, built once per board object. */
export function compile(board: Board): CompiledBoard {
  const cached = compiled.get(board);
  if (cached) return cached;
  const index = (cell: Cell) => cell.y * board.width + cell.x;
  const walls = new Set(board.walls.map(index));
  const hazards = new Set(board.hazards.map(index));
  const signals = new Map(board.signals.map((signal) => [index(signal), signal]));
  const exit = index(board.exit);
  const inside = (cell: Cell) => cell.x >= 0 && cell.y >= 0 && cell.x < board.width && cell.y < board.height;
  const result: CompiledBoard = {
    isOpen: (cell) => inside(cell) && !walls.has(index(cell)),
    isExit: (cell) => index(cell) === exit,
    isHazard: (cell) => hazards.has(index(cell)),
    signalAt: (cell) => signals.get(index(cell)),
  };
  compiled.set(board, result);
  return result;
}
