import * as v from 'valibot';
import { objectMessages } from '../schema/object-messages.ts';
import { CursorSchema, LimitSchema } from '../schema/paging.ts';
import { boundedText } from '../schema/text.ts';
import { PROPOSAL_STATUSES } from './records.ts';

/** A game id as the catalog and State Forge name games. */
export const GAME_ID_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;

const content = {
  title: boundedText(180, { min: 1 }),
  summary: boundedText(1000, { min: 1, multiline: true }),
  ruleText: boundedText(8000, { min: 1, multiline: true }),
  rationale: boundedText(4000, { min: 1, multiline: true }),
};

/** A proposal, spec 2.10: the rationale ties it to evidence (replays, protocol, tests, observed play). */
export const ProposalBodySchema = v.strictObject(
  { gameId: v.pipe(v.string('must be a string'), v.regex(GAME_ID_PATTERN, 'must be a game id such as packet-run')), ...content },
  objectMessages(['gameId', 'title', 'summary', 'ruleText', 'rationale'], 'the body must be a JSON object'),
);

/** A revision changes any of the four texts; what it leaves out stays as it was. */
export const RevisionBodySchema = v.pipe(
  v.strictObject(
    { title: v.optional(content.title), summary: v.optional(content.summary), ruleText: v.optional(content.ruleText), rationale: v.optional(content.rationale) },
    objectMessages(['title', 'summary', 'ruleText', 'rationale'], 'the body must be a JSON object'),
  ),
  v.check((body) => Object.keys(body).length > 0, 'a revision changes at least one of title, summary, ruleText, rationale'),
  v.metadata({ minProperties: 1 }),
);

export const ReviewBodySchema = v.strictObject(
  {
    revision: v.optional(
      v.pipe(v.number('must be a revision number'), v.integer('must be a whole number'), v.minValue(1, 'must be 1 or more'), v.maxValue(2 ** 31 - 1, 'is not a revision number')),
    ),
    stance: v.picklist(['support', 'oppose', 'neutral'], 'must be support, oppose or neutral'),
    comment: boundedText(4000, { min: 1, multiline: true }),
  },
  objectMessages(['revision', 'stance', 'comment'], 'the body must be a JSON object with stance and comment'),
);

export const StatusBodySchema = v.strictObject(
  { to: v.picklist(PROPOSAL_STATUSES, `must be one of ${PROPOSAL_STATUSES.join(', ')}`), reason: boundedText(500, { min: 1 }) },
  objectMessages(['to', 'reason'], 'the body must be { "to", "reason" }'),
);

export const ProposalListQuerySchema = v.object(
  {
    status: v.optional(v.pipe(v.string('must be a status, given once'), v.picklist(PROPOSAL_STATUSES, `must be one of ${PROPOSAL_STATUSES.join(', ')}`))),
    game: v.optional(v.pipe(v.string('must be a game id, given once'), v.regex(GAME_ID_PATTERN, 'must be a game id'))),
    cursor: CursorSchema,
    limit: LimitSchema,
  },
  objectMessages(['status', 'game', 'cursor', 'limit'], 'query parameters'),
);
