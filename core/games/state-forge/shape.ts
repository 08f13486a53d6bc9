import { ACTION_FIELDS, DEFINITION_FIELDS, OUTCOMES, STATE_FIELDS, TRANSITION_FIELDS, type ForgeAction, type Outcome, type Transition } from './definition.ts';
import { kindOf, member } from './verdict.ts';

/** A state as written: the types are right, but which fields go together is not yet checked. */
export interface DraftState {
  readonly id: string;
  readonly label: string;
  readonly terminal?: true;
  readonly outcome?: Outcome;
  readonly score?: number;
}

/**
 * A definition whose structure and JSON types are right, copied out of the untrusted input.
 * Values, references and counts are not yet checked. The transition table is held in maps,
 * so no key (not even "__proto__" or "constructor") can reach an object prototype.
 */
export interface DraftDefinition {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly states: readonly DraftState[];
  readonly actions: readonly ForgeAction[];
  readonly start: string;
  readonly transitions: ReadonlyMap<string, ReadonlyMap<string, Transition>>;
  readonly maxSteps: number;
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A property only if the object itself holds it: inherited members never count. */
export function own(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/**
 * The `shape` check: every issue found, and the typed draft when there is none. It reads only
 * the known structure, so arbitrarily deep junk is reported, never walked.
 */
export function checkShape(input: unknown): { issues: string[]; draft?: DraftDefinition } {
  if (!isObject(input)) return { issues: [`the definition must be an object, got ${kindOf(input)}`] };
  const read = new Reader();
  read.onlyKnown(input, DEFINITION_FIELDS, '');
  const id = read.string(input, 'id', '');
  const title = read.string(input, 'title', '');
  const description = read.optionalString(input, 'description', '');
  const states = read.list(input, 'states', (item, path) => read.state(item, path));
  const actions = read.list(input, 'actions', (item, path) => read.action(item, path));
  const start = read.string(input, 'start', '');
  const transitions = read.transitions(input);
  const maxSteps = read.number(input, 'maxSteps', '');
  if (read.issues.length > 0) return { issues: read.issues };
  return {
    issues: [],
    draft: {
      id: id!,
      title: title!,
      ...(description !== undefined && { description }),
      states: states!,
      actions: actions!,
      start: start!,
      transitions: transitions!,
      maxSteps: maxSteps!,
    },
  };
}

/** Reads typed values out of untrusted objects, recording an issue for each mismatch. */
class Reader {
  readonly issues: string[] = [];

  onlyKnown(object: JsonObject, fields: readonly string[], path: string): void {
    for (const key of Object.keys(object)) {
      if (!fields.includes(key)) this.issues.push(`${member(path, key)}: unknown property`);
    }
  }

  string(object: JsonObject, key: string, path: string): string | undefined {
    return this.field(object, key, path, 'string', true) as string | undefined;
  }

  optionalString(object: JsonObject, key: string, path: string): string | undefined {
    return this.field(object, key, path, 'string', false) as string | undefined;
  }

  number(object: JsonObject, key: string, path: string): number | undefined {
    return this.field(object, key, path, 'number', true) as number | undefined;
  }

  optionalNumber(object: JsonObject, key: string, path: string): number | undefined {
    return this.field(object, key, path, 'number', false) as number | undefined;
  }

  /** A property's value if it has the JSON type asked for; otherwise undefined and an issue. */
  private field(object: JsonObject, key: string, path: string, type: 'string' | 'number', required: boolean): unknown {
    const where = member(path, key);
    if (!Object.hasOwn(object, key)) {
      if (required) this.issues.push(`${where}: is required`);
      return undefined;
    }
    const value = object[key];
    if (typeof value === type) return value;
    this.issues.push(`${where}: must be a ${type}, got ${kindOf(value)}`);
    return undefined;
  }

  /** A required array, each item read by `item` (which returns undefined for a bad item). */
  list<T>(object: JsonObject, key: string, item: (value: unknown, path: string) => T | undefined): T[] | undefined {
    if (!Object.hasOwn(object, key)) return void this.issues.push(`${key}: is required`);
    const value = own(object, key);
    if (!Array.isArray(value)) return void this.issues.push(`${key}: must be an array, got ${kindOf(value)}`);
    const items: T[] = [];
    // An index loop, so holes in a sparse array are read (as undefined) rather than skipped.
    for (let index = 0; index < value.length; index++) {
      const read = item(value[index], `${key}[${index}]`);
      if (read !== undefined) items.push(read);
    }
    return items;
  }

  object(value: unknown, path: string): JsonObject | undefined {
    if (isObject(value)) return value;
    this.issues.push(`${path}: must be an object, got ${kindOf(value)}`);
    return undefined;
  }

  state(value: unknown, path: string): DraftState | undefined {
    const object = this.object(value, path);
    if (!object) return undefined;
    const before = this.issues.length;
    this.onlyKnown(object, STATE_FIELDS, path);
    const id = this.string(object, 'id', path);
    const label = this.string(object, 'label', path);
    const terminal = own(object, 'terminal');
    if (Object.hasOwn(object, 'terminal') && terminal !== true) {
      this.issues.push(`${path}.terminal: must be true when present (omit it for a non-terminal state), got ${kindOf(terminal)}`);
    }
    const outcome = own(object, 'outcome');
    if (Object.hasOwn(object, 'outcome') && !OUTCOMES.some((name) => name === outcome)) {
      this.issues.push(`${path}.outcome: must be one of ${OUTCOMES.join(', ')}`);
    }
    const score = this.optionalNumber(object, 'score', path);
    if (this.issues.length > before) return undefined;
    return {
      id: id!,
      label: label!,
      ...(terminal === true && { terminal }),
      ...(outcome !== undefined && { outcome: outcome as Outcome }),
      ...(score !== undefined && { score }),
    };
  }

  action(value: unknown, path: string): ForgeAction | undefined {
    const object = this.object(value, path);
    if (!object) return undefined;
    const before = this.issues.length;
    this.onlyKnown(object, ACTION_FIELDS, path);
    const id = this.string(object, 'id', path);
    const label = this.string(object, 'label', path);
    return this.issues.length > before ? undefined : { id: id!, label: label! };
  }

  /** transitions: an object of objects of `{ to, reward }`, whatever its keys. */
  transitions(input: JsonObject): Map<string, Map<string, Transition>> | undefined {
    if (!Object.hasOwn(input, 'transitions')) return void this.issues.push('transitions: is required');
    const table = this.object(own(input, 'transitions'), 'transitions');
    if (!table) return undefined;
    const rows = new Map<string, Map<string, Transition>>();
    for (const stateId of Object.keys(table)) {
      const rowPath = member('transitions', stateId);
      const row = this.object(table[stateId], rowPath);
      if (!row) continue;
      const moves = new Map<string, Transition>();
      for (const actionId of Object.keys(row)) {
        const move = this.transition(row[actionId], member(rowPath, actionId));
        if (move) moves.set(actionId, move);
      }
      rows.set(stateId, moves);
    }
    return rows;
  }

  transition(value: unknown, path: string): Transition | undefined {
    const object = this.object(value, path);
    if (!object) return undefined;
    const before = this.issues.length;
    this.onlyKnown(object, TRANSITION_FIELDS, path);
    const to = this.string(object, 'to', path);
    const reward = this.number(object, 'reward', path);
    return this.issues.length > before ? undefined : { to: to!, reward: reward! };
  }
}
