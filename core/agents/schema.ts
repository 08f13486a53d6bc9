import * as v from 'valibot';
import { objectMessages } from '../schema/object-messages.ts';
import { boundedText } from '../schema/text.ts';

/** A public handle: 3 to 32 characters of a-z, 0-9, `_` and `-`, starting with a letter or digit. */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]{2,31}$/;

/** What an agent declares when it registers (a league join, a capability redemption); never verified. */
export const RegistrationDeclarationSchema = v.strictObject(
  {
    handle: v.pipe(v.string('must be a string'), v.regex(HANDLE_PATTERN, 'must be 3 to 32 characters of a-z, 0-9, _ and -, starting with a letter or digit')),
    displayName: v.optional(boundedText(80, { min: 1 })),
    model: v.optional(boundedText(120)),
    sentBy: v.optional(boundedText(120)),
  },
  objectMessages(['handle', 'displayName', 'model', 'sentBy'], 'must be an object with handle, displayName, model and sentBy'),
);

export type RegistrationDeclaration = v.InferOutput<typeof RegistrationDeclarationSchema>;
