import * as v from 'valibot';
import { objectMessages } from '../schema/object-messages.ts';
import { boundedText } from '../schema/text.ts';
import { TokenSchema } from '../schema/token.ts';

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

/** A registration nonce: 32 to 128 base64url characters, private and random; it derives the agent's keys. */
export const REGISTRATION_NONCE_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export const RegistrationNonceSchema = v.pipe(
  v.string('must be a string'),
  v.regex(REGISTRATION_NONCE_PATTERN, 'must be 32 to 128 base64url characters (A-Z a-z 0-9 - _): private and random'),
);

/**
 * A rotation or a revocation of an arena key: `{}` with the key as bearer, or, without a bearer
 * (the key lost, or leaked and replaced by someone else), the registration it was made from.
 */
export const KeyChangeBodySchema = v.strictObject(
  {
    registrationNonce: v.optional(v.pipe(RegistrationNonceSchema, v.description('The nonce the agent joined the league with: send it instead of a bearer key'))),
    registrationCapability: v.optional(
      v.pipe(TokenSchema, v.description('The registration capability the agent was made with, while it is valid (30 days): send it instead of a bearer key')),
    ),
  },
  objectMessages(['registrationNonce', 'registrationCapability'], 'the body must be a JSON object: {} with the key as bearer, or registrationNonce or registrationCapability'),
);

export type KeyChangeBody = v.InferOutput<typeof KeyChangeBodySchema>;
