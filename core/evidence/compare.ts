/**
 * A file of evidence against what its receipt signs, field by field at every depth: a verifier
 * builds the value the receipt vouches for, and every field the file shows must equal it, but
 * those the receipt cannot vouch for, marked {@link UNSIGNED} by name.
 */

/** Where a field sits: member names and array indexes from the file's root. */
export type Path = readonly (string | number)[];

/** A field that is not what its receipt signs, named by its JSON path(s) (more than one when it is one of them). */
export interface Difference {
  paths: string[];
  message: string;
}

/** A place the receipt cannot vouch for: any value is taken there, and listed as unsigned. */
export class Unsigned {
  constructor(readonly optional: boolean) {}
}
export const UNSIGNED = new Unsigned(false);
/** Unsigned, and the file may leave it out. */
export const OPTIONAL_UNSIGNED = new Unsigned(true);

/** `totals.responder`, `replay[3].score`, `["a name"]`; `(the file)` for the root. */
export function pathText(path: Path): string {
  if (path.length === 0) return '(the file)';
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${index === 0 ? '' : '.'}${key}` : `[${JSON.stringify(key)}]`))
    .join('');
}

/** `paths: message`, or `one of paths: message`: what a verdict says of a difference. */
export function describe(difference: Difference): string {
  const [only, ...more] = difference.paths;
  return `${more.length === 0 ? only : `one of ${difference.paths.join(', ')}`}: ${difference.message}`;
}

/** A value as a reason shows it: its JSON, cut short. */
export function shown(value: unknown): string {
  // A number JSON text can hold and a double cannot (1e999) is shown as what it became, not as null.
  const text =
    typeof value === 'number' && !Number.isFinite(value)
      ? String(value)
      : (JSON.stringify(value, (_, inner: unknown) => (inner instanceof Unsigned ? '(unsigned)' : inner)) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Every difference between `file` and `expected`, and the paths of the unsigned fields the file shows. */
export function compare(file: unknown, expected: unknown, at: Path = []): { differences: Difference[]; unsigned: string[] } {
  const differences: Difference[] = [];
  const unsigned: string[] = [];
  const walk = (given: unknown, wanted: unknown, path: Path) => {
    if (wanted instanceof Unsigned) {
      unsigned.push(pathText(path));
      return;
    }
    if (isObject(given) && isObject(wanted)) {
      for (const [name, value] of Object.entries(wanted)) {
        if (Object.hasOwn(given, name)) walk(given[name], value, [...path, name]);
        else if (!(value instanceof Unsigned && value.optional)) differences.push({ paths: [pathText([...path, name])], message: `missing; the receipt signs ${shown(value)}` });
      }
      for (const name of Object.keys(given)) {
        if (!Object.hasOwn(wanted, name)) differences.push({ paths: [pathText([...path, name])], message: 'not in what the receipt signs' });
      }
    } else if (Array.isArray(given) && Array.isArray(wanted)) {
      for (const [index, value] of wanted.entries()) {
        if (index < given.length) walk(given[index], value, [...path, index]);
        else differences.push({ paths: [pathText([...path, index])], message: `missing; the receipt signs ${shown(value)}` });
      }
      for (let index = wanted.length; index < given.length; index++) {
        differences.push({ paths: [pathText([...path, index])], message: 'not in what the receipt signs' });
      }
    } else if (isObject(given) || isObject(wanted) || Array.isArray(given) || Array.isArray(wanted) || given !== wanted) {
      differences.push({ paths: [pathText(path)], message: `the file says ${shown(given)}; the receipt signs ${shown(wanted)}` });
    }
  };
  walk(file, expected, at);
  return { differences, unsigned };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
