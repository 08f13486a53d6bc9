import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validDefinition } from '../../../test/support/arbitraries/state-forge.ts';
import { auditDefinition } from './audit.ts';
import { isTerminal, type StateForgeDefinition } from './definition.ts';
import { BEST_PLAYS, FORGE_EXAMPLES, forgeExample } from '../../../test/support/forge-examples.ts';
import { playDefinition, type PlayOutcome } from './play.ts';

function audited(json: unknown): StateForgeDefinition {
  const report = auditDefinition(json);
  if (!report.passed) throw new Error(`not a valid definition: ${JSON.stringify(report.checks.filter((c) => !c.passed))}`);
  return report.definition;
}

function played(definition: StateForgeDefinition, actions: readonly string[]): PlayOutcome {
  const result = playDefinition(definition, actions);
  if (!result.ok) throw new Error(result.error.message);
  return result.play;
}

/** The rules written independently: walk the table, stop scoring at the first terminal state. */
function oracle(definition: StateForgeDefinition, actions: readonly string[]) {
  let state = definition.start;
  let rewards = 0;
  let used = 0;
  for (const action of actions) {
    const here = definition.states.find((s) => s.id === state)!;
    if (isTerminal(here)) break;
    const move = definition.transitions[state]![action]!;
    rewards += move.reward;
    state = move.to;
    used++;
  }
  const final = definition.states.find((s) => s.id === state)!;
  const terminalScore = isTerminal(final) ? (final.score ?? 0) : 0;
  return { finalState: state, rewards, terminalScore, score: rewards + terminalScore, usedActions: used, finished: isTerminal(final) };
}

/** A typed valid definition and a list of its action ids of at most maxSteps. */
const game = validDefinition.map(audited);
const withTape = game.chain((definition) =>
  fc.tuple(fc.constant(definition), fc.array(fc.constantFrom(...definition.actions.map((action) => action.id)), { maxLength: definition.maxSteps })),
);

describe('playDefinition', () => {
  it('is deterministic and agrees with an independent walk of the table', () => {
    fc.assert(
      fc.property(withTape, ([definition, actions]) => {
        const play = played(definition, actions);
        expect(playDefinition(definition, [...actions])).toEqual({ ok: true, play });
        expect(play).toMatchObject(oracle(definition, actions));
        expect(play.ignoredActions).toBe(actions.length - play.usedActions);
      }),
      { numRuns: 1_000 },
    );
  });

  it('scores rewards plus the terminal score, and the replay adds up to it frame by frame', () => {
    fc.assert(
      fc.property(withTape, ([definition, actions]) => {
        const play = played(definition, actions);
        expect(play.score).toBe(play.rewards + play.terminalScore);
        expect(play.frames.map((frame) => frame.step)).toEqual(actions.map((_, index) => index + 1));
        expect(play.frames.map((frame) => frame.action)).toEqual(actions);
        let running = 0;
        for (const frame of play.frames) {
          running += frame.reward + frame.terminalScore;
          expect(frame.score).toBe(running);
        }
        expect(play.frames.at(-1)?.score ?? 0).toBe(play.score);
        expect(play.frames.reduce((sum, frame) => sum + frame.reward, 0)).toBe(play.rewards);
        // At most one terminal frame, only ignored frames after it, and the outcome to match.
        const terminalAt = play.frames.findIndex((frame) => frame.event === 'terminal');
        expect(play.finished).toBe(terminalAt !== -1);
        const events = play.frames.map((frame) => frame.event);
        if (terminalAt === -1) expect(events.every((event) => event === 'move')).toBe(true);
        else {
          expect(events.slice(terminalAt + 1).every((event) => event === 'ignored')).toBe(true);
          expect(events.slice(0, terminalAt).every((event) => event === 'move')).toBe(true);
          const final = definition.states.find((state) => state.id === play.finalState)!;
          expect(isTerminal(final) && final.outcome).toBe(play.outcome);
        }
        if (!play.finished) expect(play.outcome).toBeNull();
        for (const frame of play.frames.filter((f) => f.event === 'ignored')) {
          expect(frame).toMatchObject({ from: play.finalState, to: play.finalState, reward: 0, terminalScore: 0 });
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses more than maxSteps actions', () => {
    fc.assert(
      fc.property(
        game.chain((definition) =>
          fc.tuple(
            fc.constant(definition),
            fc.array(fc.constantFrom(...definition.actions.map((a) => a.id)), { minLength: definition.maxSteps + 1, maxLength: definition.maxSteps + 4 }),
          ),
        ),
        ([definition, actions]) => {
          const result = playDefinition(definition, actions);
          const message = `at most ${definition.maxSteps} actions are allowed (got ${actions.length})`;
          expect(result).toEqual({
            ok: false,
            error: { code: 'too-many-actions', message, count: actions.length, maxSteps: definition.maxSteps },
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses an unknown action id, naming the first one and its index, even after the end', () => {
    const stranger = fc.constantFrom('__proto__', 'constructor', 'toString', '', 'STEP', ' step', 'jump');
    fc.assert(
      fc.property(withTape, stranger, fc.nat(), ([definition, actions], unknown, where) => {
        fc.pre(actions.length > 0 && !definition.actions.some((action) => action.id === unknown));
        const index = where % actions.length;
        const tape = actions.with(index, unknown);
        const result = playDefinition(definition, tape);
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error).toMatchObject({ code: 'unknown-action', index, action: unknown });
        expect(result.error.message).toContain(`actions[${index}] is ${JSON.stringify(unknown)}`);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts an empty list: no step taken, score 0, not finished', () => {
    fc.assert(
      fc.property(game, (definition) => {
        expect(played(definition, [])).toEqual({
          frames: [],
          finished: false,
          finalState: definition.start,
          outcome: null,
          rewards: 0,
          terminalScore: 0,
          score: 0,
          usedActions: 0,
          ignoredActions: 0,
        });
      }),
      { numRuns: 100 },
    );
  });
});

describe('the example games', () => {
  /** The best score over every list of at most maxSteps actions, by dynamic programming. */
  function bestScore(definition: StateForgeDefinition): number {
    const states = new Map(definition.states.map((state) => [state.id, state]));
    let best = new Map(definition.states.map((state) => [state.id, 0])); // 0 actions left: stop where you are
    for (let left = 1; left <= definition.maxSteps; left++) {
      const previous = best;
      best = new Map(
        definition.states.map((state) => {
          if (isTerminal(state)) return [state.id, 0];
          const options = definition.actions.map(({ id }) => {
            const { to, reward } = definition.transitions[state.id]![id]!;
            const target = states.get(to)!;
            return reward + (isTerminal(target) ? (target.score ?? 0) : previous.get(to)!);
          });
          return [state.id, Math.max(0, ...options)];
        }),
      );
    }
    return best.get(definition.start)!;
  }

  it('scores their documented best plays, and nothing scores more', () => {
    for (const { name, definition: json } of FORGE_EXAMPLES) {
      const definition = audited(json);
      const best = BEST_PLAYS[name]!;
      const play = played(definition, best.actions);
      expect(play.score, name).toBe(best.score);
      expect(play.finished, name).toBe(true);
      expect(bestScore(definition), name).toBe(best.score);
    }
  });

  it('throws a careless player off the rope bridge', () => {
    const bridge = audited(forgeExample('rope-bridge'));
    const play = played(bridge, ['step', 'step', 'hold', 'step']);
    expect(play.frames).toEqual([
      { step: 1, event: 'move', action: 'step', from: 'cliff-still', to: 'middle-gust', reward: 0, terminalScore: 0, score: 0 },
      { step: 2, event: 'terminal', action: 'step', from: 'middle-gust', to: 'gorge', reward: 0, terminalScore: -10, score: -10 },
      { step: 3, event: 'ignored', action: 'hold', from: 'gorge', to: 'gorge', reward: 0, terminalScore: 0, score: -10 },
      { step: 4, event: 'ignored', action: 'step', from: 'gorge', to: 'gorge', reward: 0, terminalScore: 0, score: -10 },
    ]);
    expect(play).toMatchObject({ finished: true, finalState: 'gorge', outcome: 'lose', rewards: 0, terminalScore: -10, score: -10 });
    expect(play).toMatchObject({ usedActions: 2, ignoredActions: 2 });
  });
});
