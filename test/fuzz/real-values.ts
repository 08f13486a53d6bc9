import type { DocumentSchemas, SchemaAt } from './document.ts';

type Json = Record<string, unknown>;

const PER_NAME = 24;
const RESULTS = 200;
const OBJECTS = 3000;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds `value` under its JSON text, up to `cap` of them. */
function keep(into: Map<string, unknown>, value: unknown, cap: number): void {
  if (into.size < cap) into.set(JSON.stringify(value), value);
}

/** `value` and everything inside it. */
function* within(value: unknown): Generator<unknown> {
  yield value;
  if (Array.isArray(value)) for (const item of value) yield* within(item);
  else if (isObject(value)) for (const member of Object.values(value)) yield* within(member);
}

/** Prose or a placeholder (`<model>`): text that describes a value rather than being one. */
const describes = (value: unknown) => typeof value === 'string' && /\s|^<.*>$/.test(value);

/** Real values that fit, by how they were found. */
export interface Fitting {
  /** Held under the member's name, or inside a member of that name (a receipt's token); none for an object of any shape. */
  named: unknown[];
  /** Of the schema's own shape: objects with only members it declares; for an object of any shape, results. */
  shaped: unknown[];
}

/**
 * Values the server under test gave in its answers, for the members of requests: a real token,
 * capsule or id gets a request past the checks a made-up one fails (a signature, a lookup), so
 * the member made hostile beside it is read where it matters.
 */
export class RealValues {
  private readonly byName = new Map<string, Map<string, unknown>>();
  private readonly results = new Map<string, unknown>();
  private readonly objects = new Map<string, unknown>();
  /** What fits, by the document the schemas are in, then by member name and pointer; made again as values come in. */
  private fits = new WeakMap<DocumentSchemas, Map<string, Fitting>>();

  /**
   * Takes in one JSON answer: every member under its name, and every object. A `result` is an
   * answer to a request that had input (a body or a parameter), the kind of object handed back
   * whole to a member that takes any object (`{ "evidence": … }`).
   */
  add(answer: unknown, result: boolean): void {
    this.fits = new WeakMap();
    if (result && isObject(answer)) keep(this.results, answer, RESULTS);
    const visit = (value: unknown, name: string | undefined) => {
      if (name !== undefined && !describes(value)) {
        let values = this.byName.get(name);
        if (!values) this.byName.set(name, (values = new Map()));
        keep(values, value, PER_NAME);
      }
      if (Array.isArray(value)) for (const item of value) visit(item, name);
      else if (isObject(value)) {
        keep(this.objects, value, OBJECTS);
        for (const [member, inner] of Object.entries(value)) visit(inner, member);
      }
    };
    visit(answer, undefined);
  }

  /** Real values that fit the schema of a member called `name`. */
  fitting(schemas: DocumentSchemas, at: SchemaAt, name: string | undefined): Fitting {
    let known = this.fits.get(schemas);
    if (!known) this.fits.set(schemas, (known = new Map()));
    const key = `${name ?? ''}\n${at.pointer}`;
    let fit = known.get(key);
    if (fit) return fit;
    const named = new Map<string, unknown>();
    for (const value of name === undefined ? [] : (this.byName.get(name)?.values() ?? [])) for (const inner of within(value)) if (!describes(inner)) keep(named, inner, Infinity);
    const { schema } = at;
    const declared = isObject(schema.properties) ? new Set(Object.keys(schema.properties)) : undefined;
    const anyShape = schema.type === 'object' && !declared && !isObject(schema.additionalProperties);
    const fits = (value: unknown) => schemas.valid(at, value);
    if (anyShape) {
      fit = { named: [], shaped: [...this.results.values()].filter(fits) };
    } else {
      const shaped = declared
        ? [...this.objects.values()].filter((value) => {
            const members = Object.keys(value as Json);
            return members.length > 0 && members.every((member) => declared.has(member));
          })
        : [];
      fit = { named: [...named.values()].filter(fits), shaped: shaped.filter(fits) };
    }
    known.set(key, fit);
    return fit;
  }
}
