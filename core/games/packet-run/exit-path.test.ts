import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ACTIONS } from './actions.ts';
import { CLASSIC_BOARD, type Board } from './board.ts';
import { dailyBoard } from './daily-board.ts';
import { shortestExitTape } from './exit-path.ts';
import { runTape } from './rules.ts';
import { bestRun } from './solver.ts';
import { TRANSFORM_NAMES, transformBoard } from './transforms.ts';

const boards = fc.oneof(
  fc
    .tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.date({ min: new Date('2026-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }))
    .map(([secret, day]) => dailyBoard(secret, day.toISOString().slice(0, 10))),
  fc.constantFrom(...TRANSFORM_NAMES).map((name) => transformBoard(CLASSIC_BOARD, name)),
);

describe('shortestExitTape', () => {
  it('finds a tape that reaches EXIT on every board that has one, and none shorter exists', () => {
    fc.assert(
      fc.property(boards, (board) => {
        const tape = shortestExitTape(board);
        const best = bestRun(board);
        expect(tape === null).toBe(best === null);
        if (tape === null || best === null) return;
        const run = runTape(board, tape);
        expect(run.reachedExit).toBe(true);
        expect(run.usedActions).toBe(tape.length);
        expect(tape.length).toBeLessThanOrEqual(Math.min(best.tape.length, MAX_ACTIONS));
        expect(tape.length).toBeGreaterThanOrEqual(Math.abs(board.exit.x - board.start.x) + Math.abs(board.exit.y - board.start.y));
      }),
      { numRuns: 200 },
    );
  });

  it('finds none where walls close EXIT off', () => {
    const walledIn: Board = { ...CLASSIC_BOARD, walls: [...CLASSIC_BOARD.walls, { x: 6, y: 0 }, { x: 7, y: 1 }] };
    expect(shortestExitTape(walledIn)).toBeNull();
  });
});
