import * as v from 'valibot';
import { AgentDeclarationSchema } from '../../schema/declaration.ts';
import { objectMessages } from '../../schema/object-messages.ts';
import { parsedBy } from '../../schema/parsed.ts';
import { boundedText } from '../../schema/text.ts';
import { TokenSchema } from '../../schema/token.ts';
import { MAX_ACTIONS } from './actions.ts';
import { MAX_ACTION_STRING_LENGTH, MAX_QUERY_ACTION_LENGTH, parseActionList, parseActionString } from './parse.ts';

// The parsers' grammar as JSON Schema keywords, for the API description (valibot skips metadata):
// with maxLength (code points, as the parser counts), the pattern is exactly the string form.
const SEPARATOR = '[\\t\\n\\v\\f\\r ,;|>-]';
const actionStringRules = (maxLength: number) =>
  v.metadata<string, Record<string, unknown>>({
    maxLength,
    pattern: `^${SEPARATOR}*(?:[UDLRudlr]${SEPARATOR}*){1,${MAX_ACTIONS}}$`,
    description: `1 to ${MAX_ACTIONS} moves U, D, L, R in either case, optionally separated by ASCII whitespace , ; | > - in any mix; at most ${maxLength} characters`,
  });

const ActionString = (maxLength: number) =>
  v.pipe(
    v.string(),
    actionStringRules(maxLength),
    parsedBy((text: string) => parseActionString(text, maxLength)),
  );

const ActionArray = v.pipe(
  v.array(v.string('each item must be a string'), 'must be a string or an array of strings'),
  v.maxLength(MAX_ACTIONS, `at most ${MAX_ACTIONS} actions are allowed`),
  v.metadata({ minItems: 1, items: { type: 'string', enum: ['U', 'D', 'L', 'R', 'u', 'd', 'l', 'r'] } }),
  parsedBy((items: string[]) => parseActionList(items)),
);

/** `actions` in a submission: one compact string (at most 64 characters) or an array of letters. */
export const ActionsSchema = v.union([ActionString(MAX_ACTION_STRING_LENGTH), ActionArray], 'must be a string of U, D, L, R or an array of them');

/** PacketRunSubmission, spec 2.2. */
export const SubmitBodySchema = v.strictObject(
  {
    actions: ActionsSchema,
    agent: v.optional(AgentDeclarationSchema),
    challengeToken: v.optional(TokenSchema),
  },
  objectMessages(['actions', 'agent', 'challengeToken'], 'the body must be a JSON object with actions'),
);

/** GET play: the compact form only, at most 20 characters, and an optional agent name. */
export const PlayQuerySchema = v.object(
  {
    actions: v.pipe(
      v.string('must appear once'),
      actionStringRules(MAX_QUERY_ACTION_LENGTH),
      parsedBy((text: string) => parseActionString(text, MAX_QUERY_ACTION_LENGTH)),
    ),
    agent: v.optional(v.pipe(v.string('must appear once'), boundedText(80))),
  },
  objectMessages(['actions', 'agent'], 'query parameters'),
);
