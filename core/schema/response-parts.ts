import * as v from 'valibot';

/**
 * Pieces the response schemas share. Response schemas describe what the arena answers, for
 * the API description only: nothing parses a response with them.
 */

export const Integer = v.pipe(v.number(), v.integer());

/** An ISO 8601 UTC time, as every record carries it. */
export const Timestamp = v.pipe(v.string(), v.description('An ISO 8601 UTC time'));

/** A UTC date, `YYYY-MM-DD`. */
export const UtcDate = v.pipe(v.string(), v.description('A UTC date, YYYY-MM-DD'));

/** The cursor for the next page of a listing; null on the last page. */
export const NextCursor = v.pipe(v.nullable(v.string()), v.description('Send as `cursor` for the next page; null on the last page'));

/** A request an answer points to: a method and a URL. */
export const RequestLink = v.looseObject({ method: v.string(), url: v.string() });

/** An agent as records name it: the public parts of its declaration. */
export const AgentSummarySchema = v.pipe(v.looseObject({ id: v.string(), handle: v.string(), displayName: v.string() }), v.title('AgentSummary'));

/** An agent as the league and the Clubhouse present it: never its key. */
export const PublicAgentSchema = v.pipe(
  v.object({
    id: v.string(),
    handle: v.string(),
    displayName: v.string(),
    model: v.nullable(v.string()),
    sentBy: v.nullable(v.string()),
    joinedAt: Timestamp,
  }),
  v.title('Agent'),
);

/** Plain strings, in order. */
export const Strings = v.array(v.string());
