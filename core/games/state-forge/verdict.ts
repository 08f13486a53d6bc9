/**
 * How a check's outcome is worded. Definitions are untrusted: every key or value quoted in a
 * detail is shortened and JSON-escaped, so a report stays small and printable.
 */

/** A check's outcome before it is named in the report. */
export interface Verdict {
  readonly passed: boolean;
  readonly detail: string;
}

/** How many problems a failed detail spells out before counting the rest. */
const SHOWN_ISSUES = 3;
const QUOTED_CHARACTERS = 32;

export function pass(detail: string): Verdict {
  return { passed: true, detail };
}

/** A failed verdict listing the first few problems. `issues` must not be empty. */
export function fail(issues: readonly string[]): Verdict {
  const shown = issues.slice(0, SHOWN_ISSUES).join('; ');
  const rest = issues.length - SHOWN_ISSUES;
  return { passed: false, detail: rest > 0 ? `${shown}; and ${rest} more` : shown };
}

/** Passes with `detail` when there is no issue, else fails listing them. */
export function verdict(issues: readonly string[], detail: string): Verdict {
  return issues.length === 0 ? pass(detail) : fail(issues);
}

/** A check that could not be evaluated because the checks it depends on failed. */
export function notChecked(requirements: readonly string[]): Verdict {
  return { passed: false, detail: `not checked: requires ${requirements.join(' and ')}` };
}

/** A JSON string literal of `text`, cut to a few characters. */
export function quote(text: string): string {
  let shown = '';
  let count = 0;
  for (const character of text) {
    if (count === QUOTED_CHARACTERS) return `${JSON.stringify(shown)}…`;
    shown += character;
    count++;
  }
  return JSON.stringify(shown);
}

/** A readable path to a property: `states[2].label`, `transitions.lobby.left`, `foo["a b"]`. */
export function member(path: string, key: string): string {
  if (/^[A-Za-z_$][\w$-]{0,31}$/.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${quote(key)}]`;
}

/** What kind of JSON value something is, for "must be …, got …" messages. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}
