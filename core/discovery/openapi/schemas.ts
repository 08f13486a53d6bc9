import { toJsonSchema, type JsonSchema, type OverrideActionContext } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { inputView } from './input-view.ts';
import type { NamedSchemas } from './named-schemas.ts';

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of what a client may send to pass
 * `schema`. Conversion never throws: a rule with no JSON Schema form (a `v.check`, a parser)
 * is left out, so the result may be looser than the route, never stricter. Rules that matter
 * are restated as `v.metadata` keywords beside the checks (see core/schema/text.ts).
 */
export function requestSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _, ...converted } = toJsonSchema(inputView(schema), {
    target: 'draft-2020-12',
    typeMode: 'ignore',
    errorMode: 'ignore',
    overrideAction: keepHonest,
  });
  return converted;
}

/**
 * JSON Schema of what a route answers, from its `...ResponseSchema`: a part the document
 * publishes whole elsewhere (a State Forge definition) or by name (see named-schemas.ts) is a
 * reference to it.
 */
export function responseSchema(schema: v.GenericSchema, names: NamedSchemas): JsonSchema {
  const { $schema: _, ...converted } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'ignore',
    errorMode: 'ignore',
    overrideSchema: ({ valibotSchema }) => names.describedPart(valibotSchema as v.GenericSchema),
    overrideAction: (context) => {
      const action = context.valibotAction as { type: string; title?: string };
      return action.type === 'title' && action.title ? names.reference(action.title, context.jsonSchema) : keepHonest(context);
    },
  });
  return converted;
}

/** Keywords the converter would write but that could refuse what valibot accepts. */
function keepHonest({ valibotAction, jsonSchema }: OverrideActionContext): JsonSchema | undefined {
  const action = valibotAction as { type: string; requirement?: unknown };
  // A pattern without its flags (`i`, `s`, `m`, …) is another pattern.
  if (action.type === 'regex' && action.requirement instanceof RegExp && /[^u]/.test(action.requirement.flags)) {
    if (jsonSchema.pattern === action.requirement.source) {
      const { pattern: _, ...rest } = jsonSchema;
      return rest;
    }
  }
  // valibot counts UTF-16 code units, JSON Schema code points: n units are at least n/2 points.
  if ((action.type === 'min_length' || action.type === 'length') && jsonSchema.type === 'string') {
    const units = action.requirement as number;
    if (units > 1) return { ...jsonSchema, minLength: Math.ceil(units / 2) };
  }
  return undefined;
}

/** An OpenAPI query parameter for each property of a query object schema; required unless optional. */
export function queryParameters(schema: v.GenericSchema): Record<string, unknown>[] {
  const object = requestSchema(schema);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: asParameter(property as JsonSchema),
  }));
}

/**
 * A query parameter's schema: the text a number is sent as is published as that number
 * (`integerParameter` in its metadata, with its bounds), so generated clients type it so.
 */
function asParameter(property: JsonSchema): JsonSchema {
  const { integerParameter, ...rest } = property as JsonSchema & { integerParameter?: { minimum: number; maximum: number } };
  if (!integerParameter) return rest;
  const fallback = rest.default === undefined ? {} : { default: Number(rest.default) };
  return { type: 'integer', ...integerParameter, ...(rest.description ? { description: rest.description } : {}), ...fallback };
}
