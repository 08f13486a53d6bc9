import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, MAX_ACTIONS, type Direction } from './actions.ts';
import { CLASSIC_BOARD } from './board.ts';
import { BENCHMARKS, runTape } from './rules.ts';
import { bestRun } from './solver.ts';

const tape = (max = MAX_ACTIONS) => fc.array(fc.constantFrom(...DIRECTIONS), { minLength: 1, maxLength: max });

describe('Packet Run scoring', () => {
  it('has a breakdown that always sums to the total, and a replay that ends on it', () => {
    fc.assert(
      fc.property(tape(), (actions) => {
        const { breakdown, frames } = runTape(CLASSIC_BOARD, actions);
        const { total, ...parts } = breakdown;
        expect(Object.values(parts).reduce((sum, part) => sum + part, 0)).toBe(total);
        expect(frames.reduce((sum, frame) => sum + frame.delta, 0)).toBe(total);
        expect(frames.at(-1)!.score).toBe(total);
      }),
    );
  });

  it('never scores above 76 on the classic board', () => {
    fc.assert(
      fc.property(tape(), (actions) => runTape(CLASSIC_BOARD, actions).breakdown.total <= 76),
      { numRuns: 5_000 },
    );
  });

  it('reaches 76 with the published check tape, and 76 is the proven maximum', () => {
    const run = runTape(CLASSIC_BOARD, [...'UURRUURUURRRDUUR'] as Direction[]);
    expect(run.breakdown).toEqual({ signals: 38, exit: 30, efficiency: 8, hazards: 0, collisions: 0, total: 76 });
    expect(run.benchmark).toBe('OBSIDIAN');
    const best = bestRun(CLASSIC_BOARD)!;
    expect(best.score).toBe(76);
    expect(runTape(CLASSIC_BOARD, best.tape).breakdown.total).toBe(76);
  });

  it('ignores every action after EXIT, without costing efficiency', () => {
    const optimal = [...'UURRUURUURRRDUUR'] as Direction[];
    fc.assert(
      fc.property(tape(MAX_ACTIONS - optimal.length), (extra) => {
        const run = runTape(CLASSIC_BOARD, [...optimal, ...extra]);
        expect(run.breakdown.total).toBe(76);
        expect(run.ignoredActions).toBe(extra.length);
        expect(run.frames.slice(optimal.length).every((frame) => frame.event === 'ignored' && frame.delta === 0)).toBe(true);
      }),
    );
  });

  it('places a run only when it reaches EXIT, at the highest benchmark met', () => {
    fc.assert(
      fc.property(tape(), (actions) => {
        const { benchmark, reachedExit, breakdown } = runTape(CLASSIC_BOARD, actions);
        const expected = reachedExit ? (BENCHMARKS.find((b) => breakdown.total >= b.minimum)?.id ?? null) : null;
        expect(benchmark).toBe(expected);
      }),
    );
  });

  it('counts every collision and every hazard step, and each signal once', () => {
    // Into the wall at (1,7) three times, then up and down across LIME twice.
    const run = runTape(CLASSIC_BOARD, [...'RRRUUDU'] as Direction[]);
    expect(run.breakdown.collisions).toBe(-9);
    expect(run.frames.filter((frame) => frame.event === 'signal')).toHaveLength(1);
    const hazards = runTape(CLASSIC_BOARD, [...'UURRDUDUD'] as Direction[]);
    expect(hazards.breakdown.hazards).toBe(-18);
  });
});
