/**
 * Test support: a catalogue of mutations, each breaking exactly one audit rule of a valid
 * definition while keeping every other rule intact, and a generic "junk" mutation.
 */
import { freshId, shortestPath, type DefinitionJson, type StateJson, type TransitionJson } from './state-forge.ts';
import type { CheckName } from '../../../core/games/state-forge/checks.ts';
import { FORGE_LIMITS, MAX_DEFINITION_BYTES } from '../../../core/games/state-forge/definition.ts';

export interface RuleBreaker {
  /** What the mutation does, for failure messages. */
  readonly name: string;
  /** The check that must fail. */
  readonly rule: CheckName;
  /** A broken copy of a valid definition; `pick` chooses which item or value. */
  readonly apply: (definition: DefinitionJson, pick: number) => unknown;
}

const choose = <T>(items: readonly T[], pick: number): T => items[pick % items.length]!;

/** Sets an own property, even one named "__proto__", as JSON.parse would. */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const playStates = (d: DefinitionJson) => d.states.filter((state) => !state.terminal);
const terminalStates = (d: DefinitionJson) => d.states.filter((state) => state.terminal);
const entries = (d: DefinitionJson) => Object.entries(d.transitions).flatMap(([stateId, row]) => Object.entries(row).map(([actionId, move]) => ({ stateId, actionId, row, move })));

/** Drops the description and shortens labels, making room for a mutation that adds content. */
function compact(d: DefinitionJson): void {
  delete d.description;
  d.title = [...d.title].slice(0, 4).join('');
  for (const item of [...d.states, ...d.actions]) item.label = item.id.slice(0, 4);
}

/** Adds a non-terminal state nothing leads to, whose every action goes to start. */
function addUnreachableState(d: DefinitionJson): void {
  const id = freshId(
    d.states.map((state) => state.id),
    'extra',
  );
  d.states.push({ id, label: 'Unreachable' });
  d.transitions[id] = Object.fromEntries(d.actions.map((action) => [action.id, { to: d.start, reward: 0 }]));
}

/** Adds an action that does what the first action does, everywhere. */
function addCopiedAction(d: DefinitionJson): void {
  const id = freshId(
    d.actions.map((action) => action.id),
    'copy',
  );
  const model = d.actions[0]!.id;
  d.actions.push({ id, label: 'Copy' });
  for (const row of Object.values(d.transitions)) row[id] = { ...row[model]! };
}

/** Renames a state everywhere it is named. */
function renameState(d: DefinitionJson, from: string, to: string): void {
  for (const state of d.states) if (state.id === from) state.id = to;
  if (d.start === from) d.start = to;
  d.transitions = Object.fromEntries(Object.entries(d.transitions).map(([stateId, row]) => [stateId === from ? to : stateId, row]));
  for (const { move } of entries(d)) if (move.to === from) move.to = to;
}

function renameAction(d: DefinitionJson, from: string, to: string): void {
  for (const action of d.actions) if (action.id === from) action.id = to;
  for (const [stateId, row] of Object.entries(d.transitions)) {
    d.transitions[stateId] = Object.fromEntries(Object.entries(row).map(([actionId, move]) => [actionId === from ? to : actionId, move]));
  }
}

/**
 * For each non-terminal state, the one transition to keep: the shortest path's step where the
 * path passes, the first action's elsewhere. Keeping only these keeps a terminal state in reach.
 */
function pathPreserving(d: DefinitionJson): Map<string, TransitionJson> {
  const path = new Map(shortestPath(d));
  const first = d.actions[0]!.id;
  return new Map(playStates(d).map((state) => [state.id, { ...d.transitions[state.id]![path.get(state.id) ?? first]! }]));
}

/** Makes start's first two actions differ, should a mutation have made them alike. */
function keepChoiceAtStart(d: DefinitionJson): void {
  const row = d.transitions[d.start]!;
  const [a, b] = [row[d.actions[0]!.id]!, row[d.actions[1]!.id]!];
  if (a.to === b.to && a.reward === b.reward) b.reward += b.reward === FORGE_LIMITS.maxValue ? -1 : 1;
}

const UNKNOWN_KEYS = ['__proto__', 'constructor', 'toString', 'extra', 'Label', 'hasOwnProperty'];
const TOO_MANY_CHARACTERS = ['x'.repeat(81), 'é'.repeat(81), '😀'.repeat(81)];

/** One or more mutations per audit rule, each breaking that rule alone. */
export const RULE_BREAKERS: readonly RuleBreaker[] = [
  {
    rule: 'format',
    name: 'format names another version',
    apply: (d, p) => ({ ...d, format: choose(['state-forge/2', 'State-Forge/1', '', 'state-forge/1 '], p) }),
  },
  { rule: 'format', name: 'format is missing', apply: ({ format: _, ...rest }) => rest },
  { rule: 'format', name: 'format is not a string', apply: (d, p) => ({ ...d, format: choose([1, null, true, {}, ['state-forge/1']], p) }) },

  {
    rule: 'shape',
    name: 'unknown property at the top level',
    apply: (d, p) => {
      setOwn(d, choose(UNKNOWN_KEYS, p), choose([1, null, {}, 'x'], p >> 3));
      return d;
    },
  },
  {
    rule: 'shape',
    name: 'unknown property inside a state, an action or a transition',
    apply: (d, p) => {
      const targets: object[] = [...d.states, ...d.actions, ...entries(d).map((entry) => entry.move)];
      setOwn(choose(targets, p), choose(UNKNOWN_KEYS, p >> 4), true);
      return d;
    },
  },
  {
    rule: 'shape',
    name: 'required field missing',
    apply: (d, p) => {
      const targets: [object, string][] = [
        ...['id', 'title', 'states', 'actions', 'start', 'transitions', 'maxSteps'].map((key): [object, string] => [d, key]),
        ...d.states.flatMap((state): [object, string][] => [
          [state, 'id'],
          [state, 'label'],
        ]),
        ...d.actions.flatMap((action): [object, string][] => [
          [action, 'id'],
          [action, 'label'],
        ]),
        ...entries(d).flatMap(({ move }): [object, string][] => [
          [move, 'to'],
          [move, 'reward'],
        ]),
      ];
      const [target, key] = choose(targets, p);
      delete (target as Record<string, unknown>)[key];
      return d;
    },
  },
  {
    rule: 'shape',
    name: 'field of the wrong JSON type',
    apply: (d, p) => {
      const state = choose(d.states, p >> 5) as unknown as Record<string, unknown>;
      const action = choose(d.actions, p >> 5) as unknown as Record<string, unknown>;
      const entry = choose(entries(d), p >> 5);
      const row = entry.row as Record<string, unknown>;
      const move = entry.move as unknown as Record<string, unknown>;
      const changes: (() => void)[] = [
        () => setOwn(d, 'title', 5),
        () => setOwn(d, 'id', null),
        () => setOwn(d, 'start', 7),
        () => setOwn(d, 'maxSteps', '8'),
        () => setOwn(d, 'description', false),
        () => setOwn(d, 'states', {}),
        () => setOwn(d, 'actions', 'left,right'),
        () => setOwn(d, 'transitions', []),
        () => d.states.splice(p % d.states.length, 1, null as unknown as StateJson),
        () => (state.label = 1),
        () => (state.id = ['a']),
        () => (state.terminal = choose([false, 'yes', 1, null], p >> 8)),
        () => (state.outcome = choose(['victory', 'WIN', 1, null], p >> 8)),
        () => (state.score = choose(['1', null, [1]], p >> 8)),
        () => (action.label = null),
        () => (action.id = 3),
        () => setOwn(d.transitions, Object.keys(d.transitions)[0]!, choose(['x', [], null], p >> 8)),
        () => setOwn(row, Object.keys(row)[0]!, choose([null, 'x', [1]], p >> 8)),
        () => (move.to = choose([3, null, { id: 'x' }], p >> 8)),
        () => (move.reward = choose(['1', null, true], p >> 8)),
      ];
      choose(changes, p)();
      return d;
    },
  },

  {
    rule: 'bounds',
    name: 'label too long',
    apply: (d, p) => {
      choose([...d.states, ...d.actions], p).label = choose(TOO_MANY_CHARACTERS, p >> 5);
      return d;
    },
  },
  {
    rule: 'bounds',
    name: 'title or description too long',
    apply: (d, p) => {
      if (p % 2 === 0) d.title = 'T'.repeat(FORGE_LIMITS.maxTitleLength + 1);
      else d.description = 'D'.repeat(FORGE_LIMITS.maxDescriptionLength + 1);
      return d;
    },
  },
  {
    rule: 'bounds',
    name: 'control character or lone surrogate in text',
    apply: (d, p) => {
      const bad = choose(['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff'], p);
      const where = (p >> 3) % 4;
      if (where === 0) d.title += bad;
      else if (where === 1) d.description = `ok\n\t${choose([bad, '\r', '\u000b', '\u000c'], p >> 5)}`;
      else if (where === 2) choose(d.states, p >> 5).label = `a${bad}`;
      else choose(d.actions, p >> 5).label = `${bad}b`;
      return d;
    },
  },
  {
    rule: 'bounds',
    name: 'id breaks the id pattern',
    apply: (d, p) => {
      const bad = choose(['Start', '9lives', 'a'.repeat(33), 'under_score', '-lead', 'sp ace', 'ünï', ''], p);
      const which = (p >> 4) % 3;
      if (which === 0) d.id = bad;
      else if (which === 1) renameState(d, choose(d.states, p >> 6).id, bad);
      else renameAction(d, choose(d.actions, p >> 6).id, bad);
      return d;
    },
  },
  {
    rule: 'bounds',
    name: 'reward or score out of range, or not an integer',
    apply: (d, p) => {
      const bad = choose([1001, -1001, 0.5, -2.25, 1e300, -1e21, Number.MAX_SAFE_INTEGER + 2], p);
      const terminal = choose(terminalStates(d), p >> 4);
      if ((p >> 3) % 2 === 0) choose(entries(d), p >> 4).move.reward = bad;
      else terminal.score = bad;
      return d;
    },
  },
  {
    rule: 'bounds',
    name: 'maxSteps out of range, or not an integer',
    apply: (d, p) => ({ ...d, maxSteps: choose([0, -1, 65, 1000, 2.5, 1e9], p) }),
  },

  {
    rule: 'size',
    name: 'canonical JSON over the byte limit',
    apply: (d) => {
      while (d.states.length < FORGE_LIMITS.maxStates) addUnreachableState(d);
      while (d.actions.length < FORGE_LIMITS.maxActions) addCopiedAction(d);
      for (const item of [...d.states, ...d.actions]) item.label = '😀'.repeat(FORGE_LIMITS.maxLabelLength);
      d.title = '😀'.repeat(FORGE_LIMITS.maxTitleLength);
      d.description = '😀'.repeat(FORGE_LIMITS.maxDescriptionLength);
      return d;
    },
  },

  {
    rule: 'state-count',
    name: 'more than twelve states',
    apply: (d, p) => {
      compact(d);
      while (d.states.length < FORGE_LIMITS.maxStates + 1 + (p % 3)) addUnreachableState(d);
      return d;
    },
  },
  {
    rule: 'state-count',
    name: 'two states',
    apply: (d) => {
      const start = d.states.find((state) => state.id === d.start)!;
      const end = terminalStates(d)[0]!;
      const [first, ...others] = d.actions.map((action) => action.id);
      d.states = [start, end];
      d.transitions = {
        [start.id]: Object.fromEntries([[first!, { to: end.id, reward: 0 }], ...others.map((id) => [id, { to: start.id, reward: 0 }])]),
      };
      return d;
    },
  },

  {
    rule: 'action-count',
    name: 'one action',
    apply: (d) => {
      const keep = pathPreserving(d);
      const only = d.actions[0]!;
      d.actions = [only];
      d.transitions = Object.fromEntries([...keep].map(([stateId, move]) => [stateId, { [only.id]: move }]));
      return d;
    },
  },
  {
    rule: 'action-count',
    name: 'more than four actions',
    apply: (d, p) => {
      compact(d);
      while (d.actions.length < FORGE_LIMITS.maxActions + 1 + (p % 2)) addCopiedAction(d);
      return d;
    },
  },

  {
    rule: 'unique-ids',
    name: 'two states share an id',
    apply: (d, p) => {
      const i = p % d.states.length;
      const j = (i + 1 + ((p >> 4) % (d.states.length - 1))) % d.states.length;
      d.states[j]!.id = d.states[i]!.id;
      return d;
    },
  },
  {
    rule: 'unique-ids',
    name: 'two actions share an id',
    apply: (d, p) => {
      const i = p % d.actions.length;
      d.actions[(i + 1) % d.actions.length]!.id = d.actions[i]!.id;
      return d;
    },
  },

  { rule: 'start-state', name: 'start names a terminal state', apply: (d, p) => ({ ...d, start: choose(terminalStates(d), p).id }) },
  {
    rule: 'start-state',
    name: 'start names an undeclared state',
    apply: (d, p) => ({
      ...d,
      start: freshId(
        d.states.map((state) => state.id),
        choose(['nowhere', 'constructor', 'a'], p),
      ),
    }),
  },

  {
    rule: 'terminal-outcomes',
    name: 'terminal state without an outcome',
    apply: (d, p) => {
      delete choose(terminalStates(d), p).outcome;
      return d;
    },
  },
  {
    rule: 'terminal-outcomes',
    name: 'non-terminal state with an outcome or a score',
    apply: (d, p) => {
      const state = choose(playStates(d), p);
      if ((p >> 4) % 2 === 0) state.outcome = choose(['win', 'lose', 'draw'], p >> 5);
      else state.score = choose([0, 5, -1000], p >> 5);
      return d;
    },
  },

  {
    rule: 'complete-table',
    name: 'row missing for a non-terminal state',
    apply: (d, p) => {
      delete d.transitions[choose(playStates(d), p).id];
      return d;
    },
  },
  {
    rule: 'complete-table',
    name: 'entry missing for an action',
    apply: (d, p) => {
      const { row, actionId } = choose(entries(d), p);
      delete row[actionId];
      return d;
    },
  },
  {
    rule: 'complete-table',
    name: 'row for a terminal or undeclared state',
    apply: (d, p) => {
      const taken = d.states.map((state) => state.id);
      const key = (p >> 3) % 2 === 0 ? choose(terminalStates(d), p).id : choose(['__proto__', freshId(taken, 'ghost'), freshId(taken, 'constructor')], p);
      setOwn(d.transitions, key, Object.fromEntries(d.actions.map((action) => [action.id, { to: d.start, reward: 0 }])));
      return d;
    },
  },
  {
    rule: 'complete-table',
    name: 'entry for an undeclared action',
    apply: (d, p) => {
      const key = choose(
        [
          '__proto__',
          freshId(
            d.actions.map((action) => action.id),
            'jump',
          ),
          'Jump',
        ],
        p >> 3,
      );
      setOwn(choose(Object.values(d.transitions), p), key, { to: d.start, reward: 0 });
      return d;
    },
  },
  {
    rule: 'complete-table',
    name: 'a transition goes to an undeclared state',
    apply: (d, p) => {
      choose(entries(d), p).move.to = choose(
        [
          freshId(
            d.states.map((state) => state.id),
            'void',
          ),
          'constructor-x',
          'Nowhere',
        ],
        p >> 4,
      );
      return d;
    },
  },

  {
    rule: 'terminal-reachable',
    name: 'maxSteps below the distance to the nearest terminal state',
    apply: (d) => {
      const distance = shortestPath(d).length;
      if (distance >= 2) return { ...d, maxSteps: distance - 1 };
      return disconnect(d);
    },
  },
  { rule: 'terminal-reachable', name: 'terminal states disconnected from the table', apply: (d) => disconnect(d) },

  {
    rule: 'consequential-choice',
    name: 'every action does the same thing in every state',
    apply: (d) => {
      const keep = pathPreserving(d);
      d.transitions = Object.fromEntries([...keep].map(([stateId, move]) => [stateId, Object.fromEntries(d.actions.map((action) => [action.id, { ...move }]))]));
      return d;
    },
  },
];

/** Sends every transition into a terminal state back to start instead. */
function disconnect(d: DefinitionJson): DefinitionJson {
  const terminal = new Set(terminalStates(d).map((state) => state.id));
  for (const { move } of entries(d)) if (terminal.has(move.to)) move.to = d.start;
  keepChoiceAtStart(d);
  return d;
}

/**
 * Replaces one value anywhere in a JSON tree (or removes the property holding it) with junk.
 * Works on any JSON value, so junk can be stacked on junk.
 */
export function plantJunk(tree: unknown, pick: number, junk: unknown, remove: boolean): unknown {
  const holders: [Record<string, unknown> | unknown[], string][] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const key of Object.keys(node)) {
      holders.push([node as Record<string, unknown>, key]);
      visit((node as Record<string, unknown>)[key]);
    }
  };
  visit(tree);
  if (holders.length === 0) return junk;
  const [holder, key] = choose(holders, pick);
  if (remove && !Array.isArray(holder)) delete holder[key];
  else setOwn(holder, key, junk);
  return tree;
}

/**
 * The canonical size the mutated definitions start from: mutations that add a little (a long
 * label, an extra row) stay under the limit; those that add a lot (extra states or actions)
 * compact the text first.
 */
export const MUTATION_BASE_BYTES = MAX_DEFINITION_BYTES - 2048;
