import fc from 'fast-check';
import type { DocumentSchemas, SchemaAt } from './document.ts';
import type { RealValues } from './real-values.ts';

/** Deeper than any request schema goes; a guard against a schema that refers to itself. */
const MAX_DEPTH = 10;

/** A few more items, members or characters than the least a schema takes. */
const ROOM = 4;

/**
 * Values valid by the schema at `at` for a member called `name`: mostly real ones the server
 * gave (`real`), else made from the schema's keywords.
 */
export function validValue(schemas: DocumentSchemas, at: SchemaAt, name: string | undefined, real: RealValues, depth = 0): fc.Arbitrary<unknown> {
  // Each branch of a choice finds its own real values.
  if (at.schema.anyOf || at.schema.oneOf) return madeUp(schemas, at, name, real, depth);
  const { named, shaped } = real.fitting(schemas, at, name);
  return fc.oneof(...(named.length > 0 ? [{ weight: 2, arbitrary: pickFrom(named) }] : []), ...(shaped.length > 0 ? [{ weight: 3, arbitrary: pickFrom(shaped) }] : []), {
    weight: 1,
    arbitrary: madeUp(schemas, at, name, real, depth),
  });
}

/** Any one of the values, each as likely (`constantFrom` favours the first). */
export function pickFrom<T>(values: readonly T[]): fc.Arbitrary<T> {
  return fc.noBias(fc.constantFrom(...values));
}

function madeUp(schemas: DocumentSchemas, at: SchemaAt, name: string | undefined, real: RealValues, depth: number): fc.Arbitrary<unknown> {
  const { schema } = at;
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = (schema[keyword] as unknown[] | undefined)?.map((_, index) => schemas.child(at, keyword, String(index)));
    if (!branches) continue;
    // A branch real values fit is the likelier way deep into the handler.
    const weightOf = (branch: SchemaAt) => {
      const { named, shaped } = real.fitting(schemas, branch, name);
      return named.length + shaped.length > 0 ? 3 : 1;
    };
    return fc.oneof(...branches.map((branch) => ({ weight: weightOf(branch), arbitrary: validValue(schemas, branch, name, real, depth) })));
  }
  const inner = (...parts: string[]) => schemas.child(at, ...parts);
  switch (Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? (schema.properties ? 'object' : undefined))) {
    case 'string':
      return text(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ? validValue(schemas, inner('items'), name, real, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? Infinity, minLength + ROOM);
      return schema.uniqueItems ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) }) : fc.array(item, { minLength, maxLength });
    }
    case 'object': {
      if (schema.properties) {
        const members = Object.keys(schema.properties as object);
        const model = Object.fromEntries(members.map((member) => [member, validValue(schemas, inner('properties', member), member, real, depth + 1)]));
        return fc.record(model, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
      }
      const minKeys = schema.minProperties ?? 0;
      const maxKeys = Math.min(schema.maxProperties ?? Infinity, minKeys + ROOM);
      const names = schema.propertyNames?.pattern ? text(schema.propertyNames) : fc.string({ minLength: 1, maxLength: 8 });
      const value =
        typeof schema.additionalProperties === 'object' ? validValue(schemas, inner('additionalProperties'), undefined, real, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.dictionary(names, value, { minKeys, maxKeys });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Text of the schema's length (in code points) and pattern. */
function text(schema: Record<string, any>): fc.Arbitrary<string> {
  const min: number = schema.minLength ?? 0;
  const max: number = schema.maxLength ?? Infinity;
  if (typeof schema.pattern !== 'string') return fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 40) });
  return matching(schema.pattern).filter((text) => {
    const length = [...text].length;
    return length >= min && length <= max;
  });
}

const matchers = new Map<string, fc.Arbitrary<string>>();

/**
 * Text the pattern matches; where fast-check cannot generate for the pattern (a lookahead), text
 * the pattern without its lookaheads matches, which is near enough for a value that must only
 * get a request past its first checks.
 */
function matching(pattern: string): fc.Arbitrary<string> {
  let matcher = matchers.get(pattern);
  if (!matcher) {
    try {
      matcher = fc.stringMatching(new RegExp(pattern, 'u'));
    } catch {
      matcher = fc.stringMatching(new RegExp(pattern.replace(/\(\?[=!](?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)/g, ''), 'u'));
    }
    matchers.set(pattern, matcher);
  }
  return matcher;
}
