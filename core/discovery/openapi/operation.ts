import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import type { ProtocolBody, Route } from '../../http/route.ts';
import type { NamedSchemas } from './named-schemas.ts';
import { pathParameterNames, schemaNameOf } from './naming.ts';
import type { JsonSchema } from '@valibot/to-json-schema';
import { responsesOf } from './response-objects.ts';
import { queryParameters, requestSchema } from './schemas.ts';
import { securityOf } from './security.ts';
import { operationDescription } from './description.ts';

/** The header every durable write needs (see docs/protocol/idempotency.md). */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    'Names this write: the same key with the same body replays the first answer (`Idempotency-Replayed: true`), with another body it is 422. ' +
    'Scoped to the credential, or to the endpoint where there is none; kept 24 hours.',
  schema: { type: 'string', pattern: '^[!-~]{1,255}$', description: '1 to 255 visible ASCII characters' },
};

/** The header of a conditional read (see docs/protocol/http.md, Caching). */
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of a copy already held: when it is still current the answer is 304 with no body.',
  schema: { type: 'string' },
};

/**
 * A path parameter is one segment of the path. Empty, `.` or `..`, a URL would resolve it away,
 * and the request would reach another route: a client (an MCP tool, an A2A skill) is refused them.
 */
const PATH_SEGMENT = { type: 'string', minLength: 1, not: { enum: ['.', '..'] }, description: 'One path segment: not empty, `.` or `..`' };

/** One route as an OpenAPI operation. */
export function operationOf(route: Route, names: NamedSchemas): Record<string, unknown> {
  const parameters = [
    ...pathParameterNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: PATH_SEGMENT })),
    ...(route.query ? queryParameters(route.query) : []),
    ...(route.durable ? [IDEMPOTENCY_KEY] : []),
    ...(route.cache ? [IF_NONE_MATCH] : []),
  ];
  const requestName = schemaNameOf(route.operationId, 'Request');
  return {
    operationId: route.operationId,
    ...(route.surface ? { tags: [route.surface.name] } : {}),
    summary: route.summary,
    description: operationDescription(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: requestBodyOf(names.named(requestName, names.describedBody(route.body) ?? requestSchema(route.body))) } : {}),
    ...(route.protocolBody ? { requestBody: protocolBodyOf(route.protocolBody, names.named(requestName, requestSchema(route.protocolBody.schema))) } : {}),
    // An empty list says "no credential", where leaving it out would leave it unsaid.
    security: securityOf(route) ?? [],
    responses: responsesOf(route, names),
  };
}

/** A body the handler reads in its protocol's way: the same schema in each media type it is taken in. */
function protocolBodyOf({ description, types }: ProtocolBody, schema: JsonSchema) {
  return { required: true, description, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

function requestBodyOf(schema: JsonSchema) {
  return {
    required: true,
    description: `JSON, sent as \`Content-Type: application/json\` (or any \`application/*+json\`), at most ${MAX_BODY_BYTES} bytes.`,
    content: { 'application/json': { schema } },
  };
}
