import type { JsonSchema } from '@valibot/to-json-schema';
import type { SchemaDescriptions } from '../../http/route.ts';
import { MAX_DEFINITION_BYTES } from './definition.ts';
import { stateForgeJsonSchema } from './json-schema.ts';
import { DefinitionSchema } from './responses.ts';
import { CompileBodySchema } from './schema.ts';

/** Where the `state-forge/1` schema lives in the document. */
const DEFINITION_REF = '#/components/schemas/StateForgeDefinition';

/**
 * The published `state-forge/1` JSON Schema, moved under `components/schemas`: without its
 * `$id`, its `#/$defs/…` references are rewritten to point into its new place, which every
 * OpenAPI tool resolves.
 */
const stateForgeDefinitionSchema = rehome(stateForgeJsonSchema, DEFINITION_REF) as JsonSchema;

/**
 * The compile body: its valibot schema takes any object and unwraps it, and the audit does the
 * rest, so neither says what a definition is. The published schema does, in both forms; what
 * it refuses, the audit refuses too (400 `audit-failed`).
 */
const compileBody = {
  description:
    'A state-forge/1 definition, in either of two forms: bare (the definition itself, a body with `format`), or wrapped as ' +
    '`{ "definition": … }` (a body with `definition` and no `format`, and no other member). ' +
    `The audit is authoritative: it also checks what the schema cannot say (see StateForgeDefinition), including that the ` +
    `RFC 8785 canonical JSON of the definition is at most ${MAX_DEFINITION_BYTES} bytes, and answers 400 audit-failed with every check.`,
  anyOf: [{ $ref: DEFINITION_REF }, { type: 'object', required: ['definition'], properties: { definition: { $ref: DEFINITION_REF } }, additionalProperties: false }],
};

/**
 * State Forge's schemas in the API description: the published definition schema, the compile
 * body described by hand, and every part of an answer that is a definition referring to it.
 */
export const stateForgeSchemaDescriptions: SchemaDescriptions = {
  components: { StateForgeDefinition: stateForgeDefinitionSchema },
  bodies: new Map([[CompileBodySchema, compileBody as JsonSchema]]),
  parts: new Map([[DefinitionSchema, { $ref: DEFINITION_REF }]]),
};

function rehome(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rehome(item, base));
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node)
    .filter(([key]) => node !== stateForgeJsonSchema || (key !== '$id' && key !== '$schema'))
    .map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? value.replace(/^#\//, `${base}/`) : rehome(value, base)]);
  return Object.fromEntries(entries);
}
