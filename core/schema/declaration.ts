import * as v from 'valibot';
import { objectMessages } from './object-messages.ts';
import { boundedText } from './text.ts';

/** The agent declaration of spec 2.1: what the agent says it is. Never verified. */
export const AgentDeclarationSchema = v.strictObject(
  {
    name: v.optional(boundedText(80)),
    model: v.optional(boundedText(120)),
    sentBy: v.optional(boundedText(120)),
  },
  objectMessages(['name', 'model', 'sentBy'], 'must be an object with name, model and sentBy'),
);

export type AgentDeclaration = v.InferOutput<typeof AgentDeclarationSchema>;

/** A declaration with only the fields given, or `null` when nothing was declared. */
export function declarationOrNull(fields: AgentDeclaration | undefined): AgentDeclaration | null {
  const given = Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => value !== undefined));
  return Object.keys(given).length > 0 ? given : null;
}
