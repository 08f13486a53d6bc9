import * as v from 'valibot';
import { AgentDeclarationSchema } from '../../schema/declaration.ts';
import { objectMessages } from '../../schema/object-messages.ts';
import { parsedBy } from '../../schema/parsed.ts';
import { boundedText } from '../../schema/text.ts';
import { TokenSchema } from '../../schema/token.ts';
import { MAX_ACTIONS } from './actions.ts';
import { MAX_ACTION_STRING_LENGTH, MAX_QUERY_ACTION_LENGTH, parseActionList, parseActionString } from './parse.ts';

const ActionString = (maxLength: number) =>
  v.pipe(v.string(), parsedBy((text: string) => parseActionString(text, maxLength)));

const ActionArray = v.pipe(
  v.array(v.string('each item must be a string'), 'must be a string or an array of strings'),
  v.maxLength(MAX_ACTIONS, `at most ${MAX_ACTIONS} actions are allowed`),
  parsedBy((items: string[]) => parseActionList(items)),
);

/** `actions` in a submission: one compact string (at most 64 characters) or an array of letters. */
export const ActionsSchema = v.union(
  [ActionString(MAX_ACTION_STRING_LENGTH), ActionArray],
  'must be a string of U, D, L, R or an array of them',
);

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
    actions: v.pipe(v.string('must appear once'), parsedBy((text: string) => parseActionString(text, MAX_QUERY_ACTION_LENGTH))),
    agent: v.optional(v.pipe(v.string('must appear once'), boundedText(80))),
  },
  objectMessages(['actions', 'agent'], 'query parameters'),
);
