import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, MAX_ACTIONS } from './actions.ts';
import { CLASSIC_BOARD } from './board.ts';
import { runTape } from './rules.ts';
import { bestRun } from './solver.ts';
import { TRANSFORM_NAMES, transformBoard, transformDirection } from './transforms.ts';

const transform = fc.constantFrom(...TRANSFORM_NAMES);
const tape = fc.array(fc.constantFrom(...DIRECTIONS), { minLength: 1, maxLength: MAX_ACTIONS });

describe('trial transforms', () => {
  it('are seven distinct non-identity symmetries', () => {
    const images = TRANSFORM_NAMES.map((name) => JSON.stringify(transformBoard(CLASSIC_BOARD, name)));
    expect(new Set([...images, JSON.stringify(CLASSIC_BOARD)]).size).toBe(8);
  });

  it('keep the best possible score at 76', () => {
    for (const name of TRANSFORM_NAMES) expect(bestRun(transformBoard(CLASSIC_BOARD, name))?.score).toBe(76);
  });

  it('score every mapped tape exactly as the original, so optimal tapes map to optimal tapes', () => {
    fc.assert(
      fc.property(transform, tape, (name, actions) => {
        const original = runTape(CLASSIC_BOARD, actions);
        const mapped = runTape(
          transformBoard(CLASSIC_BOARD, name),
          actions.map((d) => transformDirection(name, d)),
        );
        expect(mapped.breakdown).toEqual(original.breakdown);
        expect(mapped.frames.map((f) => f.event)).toEqual(original.frames.map((f) => f.event));
      }),
    );
    const optimal = bestRun(CLASSIC_BOARD)!.tape;
    for (const name of TRANSFORM_NAMES) {
      const board = transformBoard(CLASSIC_BOARD, name);
      expect(
        runTape(
          board,
          optimal.map((d) => transformDirection(name, d)),
        ).breakdown.total,
      ).toBe(76);
    }
  });
});
