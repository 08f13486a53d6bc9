import { isTerminal, type ForgeState, type Outcome, type StateForgeDefinition, type TerminalState, type Transition } from './definition.ts';
import { kindOf, quote } from './verdict.ts';

/**
 * One submitted action in the replay. Every frame has the same fields:
 * - `move`: a step between non-terminal states, or into one;
 * - `terminal`: the step that reached a terminal state; its `terminalScore` is added here;
 * - `ignored`: an action after the play ended, kept in the replay, moving and scoring nothing
 *   (`from` and `to` are the final state, `reward` and `terminalScore` are 0).
 */
export interface PlayFrame {
  /** Position in the submitted actions, from 1. */
  readonly step: number;
  readonly event: 'move' | 'terminal' | 'ignored';
  readonly action: string;
  readonly from: string;
  readonly to: string;
  readonly reward: number;
  /** The reached terminal state's score (0 when it has none); 0 on other frames. */
  readonly terminalScore: number;
  /** Running score after this frame: the previous score + reward + terminalScore. */
  readonly score: number;
}

export interface PlayOutcome {
  readonly frames: readonly PlayFrame[];
  /** Whether a terminal state was reached. */
  readonly finished: boolean;
  readonly finalState: string;
  /** The terminal state's outcome, or null when the play did not finish. */
  readonly outcome: Outcome | null;
  /** Sum of the rewards of the steps taken. */
  readonly rewards: number;
  /** The terminal state's score, or 0 (not finished, or no score declared). */
  readonly terminalScore: number;
  /** rewards + terminalScore. */
  readonly score: number;
  /** Actions up to and including the one that reached a terminal state (all of them if none did). */
  readonly usedActions: number;
  /** Actions after the terminal state: in the replay, scoring nothing. */
  readonly ignoredActions: number;
}

export type PlayError =
  | { readonly code: 'too-many-actions'; readonly message: string; readonly count: number; readonly maxSteps: number }
  | { readonly code: 'unknown-action'; readonly message: string; readonly index: number; readonly action: string };

export type PlayResult = { readonly ok: true; readonly play: PlayOutcome } | { readonly ok: false; readonly error: PlayError };

/**
 * Plays a list of action ids on an audited definition. Pure and deterministic: the same
 * definition and actions give the same result on every runtime. Refuses (without throwing)
 * more than maxSteps actions and any id that is not an action of the game, even after the
 * play has ended. An empty list is allowed: it is a play that never left start (score 0,
 * not finished); whether a surface accepts one is that surface's policy, not the game's.
 */
export function playDefinition(definition: StateForgeDefinition, actions: readonly string[]): PlayResult {
  const game = lookups(definition);
  if (actions.length > definition.maxSteps) {
    const message = `at most ${definition.maxSteps} actions are allowed (got ${actions.length})`;
    return { ok: false, error: { code: 'too-many-actions', message, count: actions.length, maxSteps: definition.maxSteps } };
  }
  const unknown = actions.findIndex((action) => !game.actionIds.has(action));
  if (unknown !== -1) {
    const action = actions[unknown]!;
    const expected = [...game.actionIds].join(', ');
    // The type says string; a caller that skipped validation still gets an error, not a throw.
    const shown = typeof action === 'string' ? quote(action) : kindOf(action);
    const message = `actions[${unknown}] is ${shown}, which is not an action of this game; expected one of ${expected}`;
    return { ok: false, error: { code: 'unknown-action', message, index: unknown, action } };
  }

  const frames: PlayFrame[] = [];
  let current = definition.start;
  let rewards = 0;
  let reached: TerminalState | null = null;
  for (const [index, action] of actions.entries()) {
    const step = index + 1;
    const score = rewards + (reached?.score ?? 0);
    if (reached) {
      frames.push({ step, event: 'ignored', action, from: current, to: current, reward: 0, terminalScore: 0, score });
      continue;
    }
    const { to, reward } = game.next(current, action);
    const target = game.state(to);
    const from = current;
    current = to;
    rewards += reward;
    if (isTerminal(target)) {
      reached = target;
      const terminalScore = target.score ?? 0;
      frames.push({ step, event: 'terminal', action, from, to, reward, terminalScore, score: score + reward + terminalScore });
    } else {
      frames.push({ step, event: 'move', action, from, to, reward, terminalScore: 0, score: score + reward });
    }
  }

  const terminalScore = reached?.score ?? 0;
  const usedActions = frames.filter((frame) => frame.event !== 'ignored').length;
  return {
    ok: true,
    play: {
      frames,
      finished: reached !== null,
      finalState: current,
      outcome: reached?.outcome ?? null,
      rewards,
      terminalScore,
      score: rewards + terminalScore,
      usedActions,
      ignoredActions: actions.length - usedActions,
    },
  };
}

/** Map lookups, so an id such as "constructor" never reaches an object prototype. */
function lookups(definition: StateForgeDefinition) {
  const states = new Map(definition.states.map((state) => [state.id, state]));
  const rows = new Map(Object.entries(definition.transitions).map(([stateId, row]) => [stateId, new Map(Object.entries(row))] as const));
  return {
    actionIds: new Set(definition.actions.map((action) => action.id)),
    state: (id: string): ForgeState => states.get(id)!,
    next: (stateId: string, actionId: string): Transition => rows.get(stateId)!.get(actionId)!,
  };
}
