import * as v from 'valibot';

/** The parts of a valibot schema this walks: objects, arrays, nullable and optional values, pipes. */
interface SchemaParts {
  type: string;
  entries?: Record<string, v.GenericSchema>;
  item?: v.GenericSchema;
  wrapped?: v.GenericSchema;
  pipe?: readonly [v.GenericSchema, ...v.PipeItem<unknown, unknown, v.BaseIssue<unknown>>[]];
}

/**
 * `schema` with every object at every depth strict: a member it does not name is an issue, at
 * its path. Answers' schemas stay open for the API description (a client takes new members);
 * a verifier holding a file to what was signed takes none.
 */
export function strictly(schema: v.GenericSchema): v.GenericSchema {
  const parts = schema as unknown as SchemaParts;
  if (parts.pipe) {
    const [root, ...actions] = parts.pipe;
    return v.pipe(strictly(root), ...(actions as [])) as v.GenericSchema;
  }
  if (parts.entries) return v.strictObject(Object.fromEntries(Object.entries(parts.entries).map(([name, entry]) => [name, strictly(entry)])));
  if (parts.type === 'array' && parts.item) return v.array(strictly(parts.item));
  if (parts.type === 'nullable' && parts.wrapped) return v.nullable(strictly(parts.wrapped));
  if (parts.type === 'optional' && parts.wrapped) return v.optional(strictly(parts.wrapped));
  return schema;
}
