/**
 * Test support: generators of State Forge definitions as plain JSON data, and mutations that
 * break one rule each. Valid definitions are constructed valid (a path from start to a terminal
 * state within maxSteps, a consequential choice at start, a size fitted under the limit), never
 * filtered out of random candidates.
 */
import fc from 'fast-check';
import { canonicalJson } from '../../../core/crypto/canonical-json.ts';
import { FORGE_LIMITS, MAX_DEFINITION_BYTES, OUTCOMES, STATE_FORGE_FORMAT } from '../../../core/games/state-forge/definition.ts';

export interface StateJson {
  id: string;
  label: string;
  terminal?: true;
  outcome?: string;
  score?: number;
}
export interface ActionJson {
  id: string;
  label: string;
}
export interface TransitionJson {
  to: string;
  reward: number;
}
/** A definition as a designer would send it, free to be mutated. */
export interface DefinitionJson {
  format: string;
  id: string;
  title: string;
  description?: string;
  states: StateJson[];
  actions: ActionJson[];
  start: string;
  transitions: Record<string, Record<string, TransitionJson>>;
  maxSteps: number;
}

export function canonicalBytes(value: unknown): number {
  return new TextEncoder().encode(canonicalJson(value)).byteLength;
}

// Mostly short ids, some at the 32-character limit, and names that shadow Object.prototype.
const id = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,31}$/) },
  { weight: 1, arbitrary: fc.constantFrom('constructor', 'prototype', 'valueof', 'tostring', 'start', 'a') },
);

// Printable ASCII, or any code point above the C1 controls, skipping the surrogate block.
const character = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0x10ffff - 0x800 }).map((code) => String.fromCodePoint(code >= 0xd800 ? code + 0x800 : code)) },
);
/** Text of at most `maxLength` code points: often short, sometimes right at the limit. */
const text = (maxLength: number, multiline = false) => {
  const unit = multiline ? fc.oneof({ weight: 12, arbitrary: character }, { weight: 1, arbitrary: fc.constantFrom('\n', '\t') }) : character;
  return fc
    .oneof({ weight: 4, arbitrary: fc.array(unit, { maxLength }) }, { weight: 1, arbitrary: fc.array(unit, { minLength: maxLength - 2, maxLength }) })
    .map((characters) => characters.join(''));
};

const value = fc.oneof(
  fc.integer({ min: -10, max: 10 }),
  fc.integer({ min: FORGE_LIMITS.minValue, max: FORGE_LIMITS.maxValue }),
  fc.constantFrom(FORGE_LIMITS.minValue, FORGE_LIMITS.maxValue),
);

/**
 * Valid definitions whose canonical JSON is at most `maxBytes` (leave room to grow them in a
 * mutation). Layout: the first ids are non-terminal, start is the first of them; states are
 * declared in a shuffled order.
 */
export function definitionArbitrary(maxBytes: number = MAX_DEFINITION_BYTES): fc.Arbitrary<DefinitionJson> {
  return fc
    .record({
      states: fc.integer({ min: FORGE_LIMITS.minStates, max: FORGE_LIMITS.maxStates }),
      actions: fc.integer({ min: FORGE_LIMITS.minActions, max: FORGE_LIMITS.maxActions }),
    })
    .chain(({ states: n, actions: m }) =>
      fc.record({
        gameId: id,
        title: text(FORGE_LIMITS.maxTitleLength),
        description: fc.option(text(FORGE_LIMITS.maxDescriptionLength, true), { nil: undefined }),
        stateIds: fc.uniqueArray(id, { minLength: n, maxLength: n }),
        actionIds: fc.uniqueArray(id, { minLength: m, maxLength: m }),
        stateLabels: fc.array(text(FORGE_LIMITS.maxLabelLength), { minLength: n, maxLength: n }),
        actionLabels: fc.array(text(FORGE_LIMITS.maxLabelLength), { minLength: m, maxLength: m }),
        terminals: fc.integer({ min: 1, max: n - 1 }),
        outcomes: fc.array(fc.constantFrom(...OUTCOMES), { minLength: n, maxLength: n }),
        scores: fc.array(fc.option(value, { nil: undefined }), { minLength: n, maxLength: n }),
        order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
        table: fc.array(fc.array(fc.record({ to: fc.nat({ max: n - 1 }), reward: value }), { minLength: m, maxLength: m }), { minLength: n, maxLength: n }),
        pathLength: fc.nat(),
        pathActions: fc.array(fc.nat({ max: m - 1 }), { minLength: n, maxLength: n }),
        spareSteps: fc.oneof(fc.nat({ max: 4 }), fc.nat({ max: FORGE_LIMITS.maxMaxSteps })),
      }),
    )
    .map((plan) => {
      const n = plan.stateIds.length;
      const playing = n - plan.terminals;
      const isTerminal = (index: number) => index >= playing;
      const stateId = (index: number) => plan.stateIds[index]!;
      const actionId = (index: number) => plan.actionIds[index]!;
      const pathLength = 1 + (plan.pathLength % playing);

      const rows = [...Array(playing).keys()].map((index) => plan.table[index]!.map((move) => ({ to: stateId(move.to), reward: move.reward })));
      // The guaranteed path: start (index 0), 1, …, pathLength - 1, then the first terminal state.
      for (let index = 0; index < pathLength; index++) {
        const next = index + 1 < pathLength ? stateId(index + 1) : stateId(playing);
        rows[index]![plan.pathActions[index]!]!.to = next;
      }
      // The guaranteed choice: at start, the path's action and the next one differ.
      const chosen = rows[0]![plan.pathActions[0]!]!;
      const other = rows[0]![(plan.pathActions[0]! + 1) % plan.actionIds.length]!;
      if (other.to === chosen.to && other.reward === chosen.reward) other.reward += other.reward === FORGE_LIMITS.maxValue ? -1 : 1;

      const definition: DefinitionJson = {
        format: STATE_FORGE_FORMAT,
        id: plan.gameId,
        title: plan.title,
        ...(plan.description !== undefined && { description: plan.description }),
        states: plan.order.map((index): StateJson => {
          const state = { id: stateId(index), label: plan.stateLabels[index]! };
          if (!isTerminal(index)) return state;
          const score = plan.scores[index];
          return { ...state, terminal: true, outcome: plan.outcomes[index]!, ...(score !== undefined && { score }) };
        }),
        actions: plan.actionIds.map((id, index) => ({ id, label: plan.actionLabels[index]! })),
        start: stateId(0),
        transitions: Object.fromEntries(rows.map((row, index) => [stateId(index), Object.fromEntries(row.map((move, action) => [actionId(action), move]))])),
        maxSteps: Math.min(FORGE_LIMITS.maxMaxSteps, pathLength + plan.spareSteps),
      };
      return fitWithin(definition, maxBytes);
    });
}

/** Valid definitions of any size up to the limit. */
export const validDefinition = definitionArbitrary();

/** Shortens text, in an order fixed in advance, until the canonical JSON fits in `maxBytes`. */
function fitWithin(definition: DefinitionJson, maxBytes: number): DefinitionJson {
  const steps = [
    () => delete definition.description,
    () => definition.states.forEach((state) => (state.label = [...state.label].slice(0, 8).join(''))),
    () => definition.actions.forEach((action) => (action.label = [...action.label].slice(0, 8).join(''))),
    () => (definition.title = [...definition.title].slice(0, 8).join('')),
  ];
  for (const step of steps) {
    if (canonicalBytes(definition) <= maxBytes) return definition;
    step();
  }
  if (canonicalBytes(definition) > maxBytes) throw new Error(`a generated definition does not fit in ${maxBytes} bytes`);
  return definition;
}

/** The fewest-steps path from start to a terminal state, as [state, action] pairs; [] if none. */
export function shortestPath(definition: DefinitionJson): [string, string][] {
  const terminal = new Set(definition.states.filter((state) => state.terminal).map((state) => state.id));
  const cameFrom = new Map<string, [string, string] | null>([[definition.start, null]]);
  const queue = [definition.start];
  for (let index = 0; index < queue.length; index++) {
    const state = queue[index]!;
    if (terminal.has(state)) {
      const path: [string, string][] = [];
      for (let step = cameFrom.get(state); step; step = cameFrom.get(step[0])) path.unshift(step);
      return path;
    }
    for (const action of definition.actions) {
      const to = definition.transitions[state]![action.id]!.to;
      if (!cameFrom.has(to)) {
        cameFrom.set(to, [state, action.id]);
        queue.push(to);
      }
    }
  }
  return [];
}

/** An id matching the pattern that `taken` does not hold. */
export function freshId(taken: Iterable<string>, prefix: string): string {
  const used = new Set(taken);
  let candidate = prefix;
  for (let counter = 2; used.has(candidate); counter++) candidate = `${prefix}-${counter}`;
  return candidate;
}
