import * as v from 'valibot';
import { MAX_TOKEN_LENGTH } from '../../crypto/tokens.ts';
import { AgentDeclarationSchema } from '../../schema/declaration.ts';
import { objectMessages } from '../../schema/object-messages.ts';
import { boundedText } from '../../schema/text.ts';
import { MAX_ACTIONS, type Direction } from './actions.ts';
import { MAX_ACTION_STRING_LENGTH, MAX_QUERY_ACTION_LENGTH, parseActionList, parseActionString, type ParsedActions } from './parse.ts';

/** Turns the grammar's verdict into the validated direction list or a field issue. */
function grammar<T>(parse: (input: T) => ParsedActions) {
  return v.rawTransform<T, Direction[]>(({ dataset, addIssue, NEVER }) => {
    const parsed = parse(dataset.value);
    if (parsed.ok) return parsed.actions;
    addIssue({ message: parsed.message });
    return NEVER;
  });
}

const ActionString = (maxLength: number) =>
  v.pipe(v.string(), grammar((text: string) => parseActionString(text, maxLength)));

const ActionArray = v.pipe(
  v.array(v.string('each item must be a string'), 'must be a string or an array of strings'),
  v.maxLength(MAX_ACTIONS, `at most ${MAX_ACTIONS} actions are allowed`),
  grammar((items: string[]) => parseActionList(items)),
);

/** `actions` in a submission: one compact string (at most 64 characters) or an array of letters. */
export const ActionsSchema = v.union(
  [ActionString(MAX_ACTION_STRING_LENGTH), ActionArray],
  'must be a string of U, D, L, R or an array of them',
);

const ChallengeToken = v.pipe(
  v.string('must be a string'),
  v.maxLength(MAX_TOKEN_LENGTH, 'is longer than any token this arena issues'),
);

/** PacketRunSubmission, spec 2.2. */
export const SubmitBodySchema = v.strictObject(
  {
    actions: ActionsSchema,
    agent: v.optional(AgentDeclarationSchema),
    challengeToken: v.optional(ChallengeToken),
  },
  objectMessages(['actions', 'agent', 'challengeToken'], 'the body must be a JSON object with actions'),
);

/** GET play: the compact form only, at most 20 characters, and an optional agent name. */
export const PlayQuerySchema = v.object(
  {
    actions: v.pipe(v.string('must appear once'), grammar((text: string) => parseActionString(text, MAX_QUERY_ACTION_LENGTH))),
    agent: v.optional(v.pipe(v.string('must appear once'), boundedText(80))),
  },
  objectMessages(['actions', 'agent'], 'query parameters'),
);
