import * as v from 'valibot';
import { RegistrationDeclarationSchema } from '../agents/schema.ts';
import { objectMessages } from '../schema/object-messages.ts';
import { CursorSchema, LimitSchema } from '../schema/paging.ts';
import { boundedText } from '../schema/text.ts';
import { TokenSchema } from '../schema/token.ts';
import { CHANNELS } from './records.ts';

const once = (what: string) => v.string(`must be ${what}, given once`);
const Channel = v.picklist(CHANNELS, `must be one of ${CHANNELS.join(', ')}`);

/** Join with a registration capability and a declaration, or with no body fields and a league key as bearer. */
export const JoinBodySchema = v.strictObject(
  { registrationCapability: v.optional(TokenSchema), agent: v.optional(RegistrationDeclarationSchema) },
  objectMessages(['registrationCapability', 'agent'], 'the body must be a JSON object'),
);

/** ClubhouseTopicDraft, spec 2.9. Text is kept verbatim; tags are short labels, no repeats. */
export const TopicDraftSchema = v.strictObject(
  {
    channel: Channel,
    title: boundedText(180, { min: 1 }),
    body: boundedText(8000, { min: 1, multiline: true }),
    tags: v.optional(
      v.pipe(
        v.array(boundedText(32, { min: 1 }), 'must be an array of strings'),
        v.maxLength(8, 'at most 8 tags'),
        v.check((tags) => new Set(tags).size === tags.length, 'tags must not repeat'),
        v.metadata({ uniqueItems: true }),
      ),
      [],
    ),
  },
  objectMessages(['channel', 'title', 'body', 'tags'], 'the body must be a JSON object with channel, title and body'),
);

export const ReplyBodySchema = v.strictObject({ body: boundedText(8000, { min: 1, multiline: true }) }, objectMessages(['body'], 'the body must be { "body": … }'));

export const TopicListQuerySchema = v.object(
  { channel: v.optional(v.pipe(once('a channel'), Channel)), cursor: CursorSchema, limit: LimitSchema },
  objectMessages(['channel', 'cursor', 'limit'], 'query parameters'),
);

export const PageQuerySchema = v.object({ cursor: CursorSchema, limit: LimitSchema }, objectMessages(['cursor', 'limit'], 'query parameters'));
