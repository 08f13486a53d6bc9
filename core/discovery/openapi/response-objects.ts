import type { JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { PROBLEM_TYPES, type ProblemSlug } from '../../http/problem.ts';
import type { CachePolicy } from '../../http/cache.ts';
import type { ProtocolAnswer, Route } from '../../http/route.ts';
import type { NamedSchemas } from './named-schemas.ts';
import { pathParameterNames, schemaNameOf } from './naming.ts';
import { INTERNAL_ERROR_REF, problemResponse } from './problems.ts';
import { readsToken } from './reads-token.ts';
import { responseSchema } from './schemas.ts';

const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'string' } };
const HEADERS_BY_STATUS: Partial<Record<number, Record<string, unknown>>> = {
  401: { 'WWW-Authenticate': { description: '`Bearer realm="agent-arena"`, with `error="invalid_token"` where a credential was sent.', schema: { type: 'string' } } },
  409: { 'Retry-After': { ...RETRY_AFTER, description: 'When the same Idempotency-Key is still in flight: 1.' } },
  429: { 'Retry-After': { ...RETRY_AFTER, description: 'Seconds until the count resets: the end of the UTC hour for the anonymous-write budget, 00:00 UTC for a daily cap.' } },
};

/**
 * The problems a route can answer, from its shape: any request can be refused before it is
 * routed, its Host, URL or percent-encoding unreadable (400); a query, body or Idempotency-Key
 * can be invalid (400), a body can also be malformed, too large or not JSON (400, 413, 415); a token
 * in them can be refused (400); a credential can be missing or wrong (401, 403); a path
 * parameter can name nothing (404); a durable write can conflict or reuse its key (409, 422);
 * a durable write no credential stands behind counts against its client's hourly budget (429);
 * a guard or the operator's missing token closes the route (503). Plus what the route says
 * its handler adds (`responds.problems`).
 */
export function refusalsOf(route: Route): ProblemSlug[] {
  const slugs = new Set<ProblemSlug>(['invalid-request']);
  if (route.body) for (const slug of ['malformed-json', 'payload-too-large', 'unsupported-media-type'] as const) slugs.add(slug);
  if (readsToken(route)) slugs.add('invalid-token');
  if (route.auth) for (const slug of ['unauthorized', 'forbidden'] as const) slugs.add(slug);
  if (pathParameterNames(route.path).length > 0) slugs.add('not-found');
  if (route.durable) for (const slug of ['conflict', 'idempotency-key-reused'] as const) slugs.add(slug);
  if (route.durable && route.auth !== 'agent' && route.auth !== 'operator') slugs.add('rate-limited');
  if (route.guarded || route.auth === 'operator') slugs.add('service-unavailable');
  for (const slug of route.responds?.problems ?? []) slugs.add(slug);
  return [...slugs];
}

/** The success answer, a protocol's own answers and every problem answer of a route (a bug's 500 too), by status. */
export function responsesOf(route: Route, names: NamedSchemas): Record<string, unknown> {
  const byStatus = new Map<number, ProblemSlug[]>();
  for (const slug of refusalsOf(route)) {
    const status = PROBLEM_TYPES[slug].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), slug]);
  }
  // Only a durable write's 409 can be the in-flight one that carries Retry-After.
  const headersOf = (status: number) => (status === 409 && !route.durable ? undefined : HEADERS_BY_STATUS[status]);
  // The route's own answers stand where a refusal would share their status.
  const others = route.responds?.others ?? [];
  for (const status of [route.responds?.status ?? 200, ...others.map((answer) => answer.status)]) byStatus.delete(status);
  const problems = [...byStatus].map(([status, slugs]) => [String(status), problemResponse(slugs, headersOf(status))] as const);
  const protocolAnswers = others.map((answer) => [String(answer.status), protocolAnswerOf(answer, names)] as const);
  const answers = [
    ...Object.entries(successOf(route, names)),
    ...(route.cache ? [notModifiedOf(route.cache)] : []),
    ...protocolAnswers,
    ...problems,
    ['500', INTERNAL_ERROR_REF] as const,
  ];
  return Object.fromEntries(answers.sort(([a], [b]) => Number(a) - Number(b)));
}

function successOf(route: Route, names: NamedSchemas): Record<string, unknown> {
  const status = route.responds?.status ?? 200;
  const types = [route.responds?.type ?? 'application/json'].flat();
  const headers = {
    ...(status === 201 ? { Location: { description: 'Where the record can be read.', schema: { type: 'string', format: 'uri-reference' } } } : {}),
    ...(route.cache ? cachingHeaders(route.cache) : {}),
    ...(route.durable
      ? {
          'Idempotency-Replayed': {
            description: '`true` when this is the kept answer to an earlier request with the same Idempotency-Key and body.',
            schema: { type: 'string', const: 'true' },
          },
        }
      : {}),
  };
  return {
    [String(status)]: {
      description: route.responds?.description ?? (status === 201 ? 'Created' : 'OK'),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: Object.fromEntries(types.map((type) => [type, { schema: bodySchema(type, route.responds?.body, names, schemaNameOf(route.operationId, 'Response')) }])),
    },
  };
}

/** What a cacheable read's answer says of itself: its strong tag and how long it may be reused. */
function cachingHeaders(policy: CachePolicy): Record<string, unknown> {
  return {
    ETag: { description: 'A strong tag of this answer (weak, `W/`, where the answer was compressed); send it as `If-None-Match` to revalidate.', schema: { type: 'string' } },
    'Cache-Control': { description: `\`public, max-age=${policy.maxAge}\`.`, schema: { type: 'string' } },
  };
}

function notModifiedOf(policy: CachePolicy): readonly [string, unknown] {
  return ['304', { description: 'Not Modified: `If-None-Match` named the current ETag; no body.', headers: cachingHeaders(policy) }] as const;
}

function protocolAnswerOf(answer: ProtocolAnswer, names: NamedSchemas): Record<string, unknown> {
  return {
    description: answer.description,
    ...(answer.type ? { content: { [answer.type]: { schema: bodySchema(answer.type, answer.body, names) } } } : {}),
  };
}

/** A JSON body as its schema describes it (under `name`, when given one); text (HTML, Markdown, Atom) is a string. */
function bodySchema(type: string, body: v.GenericSchema | undefined, names: NamedSchemas, name?: string): JsonSchema {
  if (!/[/+]json$/.test(type)) return { type: 'string' };
  if (!body) return { type: 'object' };
  const converted = responseSchema(body, names);
  return name === undefined ? converted : names.named(name, converted);
}
