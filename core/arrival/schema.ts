import * as v from 'valibot';
import { objectMessages } from '../schema/object-messages.ts';
import { CursorSchema, LimitSchema } from '../schema/paging.ts';
import { ARENA_KEY_INSIDE_PATTERN, characterCount, HOLDS_CREDENTIAL, holdsCredential } from '../schema/text.ts';
import { sanitise } from './sanitise.ts';

/** A declaration field: sanitised first, then held to its bound. */
function declared(max: number, min = 1) {
  return v.pipe(
    v.string('must be a string'),
    // What the text sent must be, for the API description (valibot skips metadata): the bound
    // holds after sanitising, so only what sanitising keeps can be said of the input.
    v.metadata({
      minLength: min,
      not: { pattern: ARENA_KEY_INSIDE_PATTERN },
      description: `Sanitised first (line breaks and tabs become spaces, other control and invisible formatting characters are removed, runs of whitespace collapse, the ends are trimmed), then ${min} to ${max} characters; no arena key or registration capability.`,
    }),
    v.transform(sanitise),
    v.check((text) => characterCount(text) >= min, 'must not be empty'),
    v.check((text) => characterCount(text) <= max, `must be at most ${max} characters`),
    v.check((text) => !holdsCredential(text), HOLDS_CREDENTIAL),
  );
}

/** An arrival check-in, spec 2.8, with the operator's approval declared. */
export const ArrivalBodySchema = v.strictObject(
  {
    handle: v.optional(declared(32)),
    displayName: declared(80),
    model: declared(120),
    sentBy: declared(120),
    source: v.optional(declared(200)),
    purpose: declared(500),
    operatorAuthorized: v.literal(true, 'must be true: your human operator approved this check-in'),
  },
  objectMessages(['handle', 'displayName', 'model', 'sentBy', 'source', 'purpose', 'operatorAuthorized'], 'the body must be a JSON object'),
);

export const ArrivalListQuerySchema = v.object({ cursor: CursorSchema, limit: LimitSchema }, objectMessages(['cursor', 'limit'], 'query parameters'));
