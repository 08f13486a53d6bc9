import type { Transition } from './definition.ts';
import { fail, pass, quote, type Verdict } from './verdict.ts';

/** What reachability needs to know about a game whose transition table is complete. */
export interface StepGraph {
  readonly start: string;
  readonly actionIds: readonly string[];
  isTerminal(stateId: string): boolean;
  /** Defined for every non-terminal state and every action. */
  next(stateId: string, actionId: string): Transition;
}

/**
 * The fewest steps from start to each state reachable in at most `limit` steps, in
 * breadth-first order (so by distance). Terminal states end a play: nothing is reached through them.
 */
export function fewestSteps(graph: StepGraph, limit = Number.POSITIVE_INFINITY): Map<string, number> {
  const steps = new Map([[graph.start, 0]]);
  const queue = [graph.start];
  for (let index = 0; index < queue.length; index++) {
    const stateId = queue[index]!;
    const distance = steps.get(stateId)!;
    if (graph.isTerminal(stateId) || distance >= limit) continue;
    for (const actionId of graph.actionIds) {
      const { to } = graph.next(stateId, actionId);
      if (steps.has(to)) continue;
      steps.set(to, distance + 1);
      queue.push(to);
    }
  }
  return steps;
}

/** `terminal-reachable`: the nearest terminal state is at most maxSteps steps from start. */
export function checkTerminalReachable(graph: StepGraph, maxSteps: number): Verdict {
  const nearest = [...fewestSteps(graph)].find(([stateId]) => graph.isTerminal(stateId));
  if (!nearest) return fail([`no terminal state can be reached from start ${quote(graph.start)}, in any number of steps`]);
  const [stateId, distance] = nearest;
  if (distance > maxSteps) {
    return fail([`the nearest terminal state, ${quote(stateId)}, is ${distance} steps from start but maxSteps is ${maxSteps}`]);
  }
  return pass(`terminal state ${quote(stateId)} is reached in ${distance} step(s) from start (maxSteps ${maxSteps})`);
}

/**
 * `consequential-choice`: some state where the player still acts — non-terminal, reached in
 * at most maxSteps - 1 steps so an action remains — offers two actions that differ in next
 * state or reward. Start always qualifies, so a game can never be all forced moves.
 */
export function checkConsequentialChoice(graph: StepGraph, maxSteps: number): Verdict {
  const choices = [...fewestSteps(graph, maxSteps - 1)].filter(([stateId]) => !graph.isTerminal(stateId));
  for (const [stateId, distance] of choices) {
    const moves = graph.actionIds.map((actionId) => ({ actionId, ...graph.next(stateId, actionId) }));
    const first = moves[0]!;
    const other = moves.find((move) => move.to !== first.to || move.reward !== first.reward);
    if (other) {
      const describe = (move: typeof first) => `${quote(move.actionId)} goes to ${quote(move.to)} for ${move.reward}`;
      return pass(`in ${quote(stateId)} (${distance} step(s) from start), ${describe(first)} and ${describe(other)}`);
    }
  }
  const names = choices.map(([stateId]) => quote(stateId)).join(', ');
  return fail([`every action leads to the same state for the same reward in each state where a choice is made (${names})`]);
}
