import * as v from 'valibot';
import { RegistrationDeclarationSchema, RegistrationNonceSchema } from '../agents/schema.ts';
import { ActionsSchema } from '../games/packet-run/schema.ts';
import { objectMessages } from '../schema/object-messages.ts';
import { CursorSchema, LimitSchema } from '../schema/paging.ts';
import { TokenSchema } from '../schema/token.ts';
import { isUtcDate } from '../time/utc-day.ts';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const JoinBodySchema = v.strictObject(
  {
    challengeToken: TokenSchema,
    actions: ActionsSchema,
    registrationNonce: RegistrationNonceSchema,
    agent: RegistrationDeclarationSchema,
  },
  objectMessages(['challengeToken', 'actions', 'registrationNonce', 'agent'], 'the body must be a JSON object'),
);
export type JoinBody = v.InferOutput<typeof JoinBodySchema>;

export const SubmitBodySchema = v.strictObject(
  { challengeToken: TokenSchema, actions: ActionsSchema },
  objectMessages(['challengeToken', 'actions'], 'the body must be a JSON object'),
);

const once = (what: string) => v.string(`must be ${what}, given once`);
const Date = v.pipe(once('a date'), v.check(isUtcDate, 'must be a UTC date, YYYY-MM-DD'), v.metadata({ pattern: DATE_PATTERN.source }));

export const AttemptListQuerySchema = v.object(
  {
    date: v.optional(Date),
    agent: v.optional(v.pipe(once('an agent id'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an agent id (agt_…)'))),
    cursor: CursorSchema,
    limit: LimitSchema,
  },
  objectMessages(['date', 'agent', 'cursor', 'limit'], 'query parameters'),
);

export const DailyStandingsQuerySchema = v.object(
  { date: v.optional(Date), cursor: CursorSchema, limit: LimitSchema },
  objectMessages(['date', 'cursor', 'limit'], 'query parameters'),
);

export const SeasonStandingsQuerySchema = v.object({ cursor: CursorSchema, limit: LimitSchema }, objectMessages(['cursor', 'limit'], 'query parameters'));

export const LeaderboardQuerySchema = v.object({ limit: LimitSchema }, objectMessages(['limit'], 'query parameters'));
