import type { JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { SchemaDescriptions } from '../../http/route.ts';

/**
 * Response schemas that name themselves with `v.title` (a run, a receipt, a proposal, …) are
 * published once under `components/schemas` and referenced wherever an answer holds them, so
 * the document stays small and client generators get readable type names. Unnamed parts stay
 * inline. The converter meets the title last in the schema's pipe, with the schema converted.
 * Schemas the surfaces describe themselves (`descriptions`) stand in for their valibot schemas.
 */
export function namedSchemas(descriptions: readonly SchemaDescriptions[] = []) {
  const published = new Map<string, JsonSchema>();
  const bodies = new Map(descriptions.flatMap((described) => [...described.bodies]));
  const parts = new Map(descriptions.flatMap((described) => [...described.parts]));
  return {
    /** The surfaces' own components, by name. */
    described: Object.assign({}, ...descriptions.map((described) => described.components)) as Record<string, JsonSchema>,
    /** A request body's schema as its surface describes it, if it does. */
    describedBody: (schema: v.GenericSchema): JsonSchema | undefined => bodies.get(schema),
    /** A part of an answer as its surface describes it, if it does. */
    describedPart: (schema: v.GenericSchema): JsonSchema | undefined => parts.get(schema),
    /** The reference that replaces a schema titled `name`, converted as `converted`. */
    reference(name: string, converted: JsonSchema): JsonSchema {
      const earlier = published.get(name);
      // The same schema converts the same way every time; another one under its name is a bug.
      if (earlier !== undefined && JSON.stringify(earlier) !== JSON.stringify(converted)) throw new Error(`two response schemas are titled ${name}`);
      published.set(name, { ...converted });
      return { $ref: `#/components/schemas/${name}` };
    },
    /**
     * `converted` under `name` unless it is a reference already: each operation's request and
     * answer bodies are named (`JoinLeagueRequest`, `PlayPacketRunResponse`), so generated
     * clients name their types after the operation.
     */
    named(name: string, converted: JsonSchema): JsonSchema {
      return converted.$ref === undefined ? this.reference(name, converted) : converted;
    },
    /** Every named schema met so far, by name. */
    schemas(): Record<string, JsonSchema> {
      return Object.fromEntries([...published].sort(([a], [b]) => a.localeCompare(b)));
    },
  };
}

export type NamedSchemas = ReturnType<typeof namedSchemas>;
