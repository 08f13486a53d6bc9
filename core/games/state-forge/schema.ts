import * as v from 'valibot';
import { AgentDeclarationSchema } from '../../schema/declaration.ts';
import { objectMessages } from '../../schema/object-messages.ts';
import { TokenSchema } from '../../schema/token.ts';
import { FORGE_LIMITS } from './definition.ts';

/** compile: `{ "definition": {…} }`, or the bare definition (a body with `format` and no `definition`). */
export const CompileBodySchema = v.pipe(
  v.unknown(),
  v.check(
    (body): body is Record<string, unknown> => typeof body === 'object' && body !== null && !Array.isArray(body),
    'the body must be a JSON object: a definition, or { "definition": … }',
  ),
  v.check(
    (body) => !isWrapped(body as Record<string, unknown>) || Object.keys(body as object).every((key) => key === 'definition'),
    'a wrapped definition is { "definition": … } and nothing else',
  ),
  v.transform((body) => {
    const object = body as Record<string, unknown>;
    return isWrapped(object) ? object.definition : object;
  }),
);

/** A body with `definition` and no `format` is the wrapper, not a definition. */
const isWrapped = (body: Record<string, unknown>) => Object.hasOwn(body, 'definition') && !Object.hasOwn(body, 'format');

export const InspectBodySchema = v.strictObject({ capsule: TokenSchema }, objectMessages(['capsule'], 'the body must be { "capsule": … }'));

export const PlayBodySchema = v.strictObject(
  {
    capsule: TokenSchema,
    actions: v.pipe(
      v.array(v.string('each action must be an action id string'), 'must be an array of action ids'),
      v.minLength(1, 'at least one action is required'),
      v.maxLength(FORGE_LIMITS.maxMaxSteps, `at most ${FORGE_LIMITS.maxMaxSteps} actions, and never more than the game's maxSteps`),
    ),
    player: v.optional(AgentDeclarationSchema),
  },
  objectMessages(['capsule', 'actions', 'player'], 'the body must be { "capsule", "actions", "player"? }'),
);

export const VerifyBodySchema = v.strictObject({ receipt: TokenSchema }, objectMessages(['receipt'], 'the body must be { "receipt": … }'));
