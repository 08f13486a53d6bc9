import type { JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import type { ArenaContext, Credentials } from '../context.ts';
import { fingerprintOf, idempotencyKeyDigest, idempotencyKeyOf, requestDigestOf, runOnce, type IdempotencyPolicy } from './idempotency.ts';
import { bearerToken } from './auth.ts';
import { readJsonBody } from './json-body.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import type { KeyHolding } from '../store/request-keyed.ts';
import { chargedAnonymousWrite } from './rate-limit.ts';
import { HttpError, type FieldError, type ProblemSlug } from './problem.ts';
import { validated, type CachePolicy } from './cache.ts';
import { json } from './respond.ts';
import { queryObject } from './query-object.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A fetch handler of the arena: how bridges (MCP, A2A) call its routes in process. */
export type Dispatch = (request: Request, connection?: Connection) => Promise<Response>;

/** What the adapter knows of the connection that the request itself does not say. */
export interface Connection {
  /**
   * The client's network address, as the adapter sees it (after any trusted proxy). Routes see
   * it as the key the client is counted under (core/http/client-key.ts): IPv4, or an IPv6 /64.
   */
  clientAddress?: string;
  /** The id the arena answers this request under (`X-Request-Id`), for the failures it reports. */
  requestId?: string;
}

export interface RouteInput<Query, Body, Agent> {
  request: Request;
  connection: Connection;
  url: URL;
  params: Record<string, string>;
  query: Query;
  body: Body;
  /** The authenticated agent, on routes with `auth: 'agent'`. */
  agent: Agent;
  /**
   * On a durable write: the digest of this request (its Idempotency-Key's scope and digest, and
   * its body). The handler hands it to every store write, whose records keep it, so a retry
   * after a lost answer finds them instead of writing again.
   */
  requestDigest: string | undefined;
  /** On a durable write whose record holds its key (`heldByRecord`): the key, for that record to hold. */
  key: KeyHolding | undefined;
}

/**
 * What a route answers that its shape does not say, for the API description: the default is
 * 200 `application/json`, and the refusals that follow from auth, query, body, path
 * parameters, a guard and `Idempotency-Key`.
 */
export interface Responds<R extends v.GenericSchema | undefined = v.GenericSchema | undefined> {
  /**
   * The status of the route's own answer: 201 where it creates a record and sets `Location`;
   * another where a protocol it serves answers in its own shape (MCP's 405 without sessions).
   */
  status?: number;
  /** Media types of the success answer, the default first. */
  type?: string | readonly string[];
  description?: string;
  /** What the answer's JSON holds (its `...ResponseSchema`); text answers are strings. */
  body?: R;
  /** Refusals the handler itself can answer beyond those its shape implies. */
  problems?: readonly ProblemSlug[];
  /** Answers in the shape of a protocol the route serves (MCP's JSON-RPC errors, A2A's errors), not problems. */
  others?: readonly ProtocolAnswer[];
}

/** One answer a protocol endpoint gives in its own shape, by status. */
export interface ProtocolAnswer {
  status: number;
  description: string;
  /** The media type of its body, when it has one. */
  type?: string;
  body?: v.GenericSchema;
}

/**
 * A body the handler reads and checks itself, as the protocol it serves does (MCP, A2A): the
 * router neither parses nor validates it, so its refusals are the protocol's own.
 */
export interface ProtocolBody {
  description: string;
  /** Media types it is taken in, the usual first. */
  types: readonly string[];
  schema: v.GenericSchema;
}

/**
 * What a surface publishes about its schemas where a valibot schema says less than the route
 * accepts or answers (State Forge's definitions): JSON Schemas for the API description,
 * named in `components`, standing in for request bodies and for parts of answers.
 */
export interface SchemaDescriptions {
  components: Readonly<Record<string, JsonSchema>>;
  /** A request body's schema, described by hand. */
  bodies: ReadonlyMap<v.GenericSchema, JsonSchema>;
  /** A part of an answer, described by a published schema. */
  parts: ReadonlyMap<v.GenericSchema, JsonSchema>;
}

/**
 * How an agent reaches an operation without HTTP: as a tool of the MCP server and a skill of the
 * A2A agent, both named `name`. Their arguments and answers are derived from the route's own
 * schemas (core/remote/operations.ts), so they cannot drift from it.
 */
export interface AgentTool {
  /** The MCP tool's name and the A2A skill's id (`packet_run.play`, `league.submit`). */
  name: string;
  /** A few words for people: the tool's title and the skill's name. */
  title: string;
  /**
   * A short account of a successful answer, for the tool's text: a model reads it first, and
   * the whole answer is the result's structured content. Without it, a compact outline is used.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each route's answer has its own shape; the route's own code types it
  summarise?(answer: any): string;
  /**
   * Where a successful answer can be read again: the path (and query) of a public read on the
   * arena, as its route names it (without the base path), offered to the client as a resource link.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as summarise
  link?(answer: any): string | undefined;
}

/** A surface of the arena (the League, the Clubhouse, …): the API description lists its operations under its name. */
export interface Surface {
  name: string;
  description: string;
}

/**
 * One endpoint: its method, path, the valibot schemas its query and body must pass, and a
 * handler that receives them already validated. The same objects describe the API.
 */
export interface Route {
  method: HttpMethod;
  path: string;
  /** The operation's name, unique in the arena: OpenAPI's operationId, and what clients and bridges call it. */
  operationId: string;
  summary: string;
  /** The surface it belongs to, set where the route table is assembled (core/route-table.ts). */
  surface?: Surface;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  auth?: Auth;
  durable: boolean;
  /** The route has a guard: it may refuse with 503 before reading anything. */
  guarded?: boolean;
  /** A public read validated by ETag and cacheable this long. */
  cache?: CachePolicy;
  responds?: Responds;
  protocolBody?: ProtocolBody;
  /** The operation as an MCP tool and an A2A skill, where agents are offered it. */
  tool?: AgentTool;
  /** `url` is the request's URL, parsed and checked by the router. */
  run(request: Request, params: Record<string, string>, arena: ArenaContext, connection: Connection, url: URL): Promise<Response>;
}

/**
 * A route as `defineRoute` made it: the runtime `Route`, its operationId as a literal, and the
 * types of what it takes and answers, which a typed client (client) reads. Types only:
 * `~types` is never set.
 */
export interface TypedRoute<O extends string, Q, B, A, R> extends Route {
  operationId: O;
  readonly '~types'?: { query: Q; body: B; auth: A; response: R };
}

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/**
 * `agent`: an arena key is required (401 otherwise); `optional-agent`: one is used when sent;
 * `operator`: the operator's token is required.
 */
export type Auth = 'agent' | 'optional-agent' | 'operator';
/** The agent a credential names, as the arena's credentials find it. */
type AgentRecord = Awaited<ReturnType<Credentials['agent']>>;
type AgentOf<A> = A extends 'agent' ? AgentRecord : A extends 'optional-agent' ? AgentRecord | undefined : undefined;

export interface RouteDefinition<
  Q extends v.GenericSchema | undefined,
  B extends v.GenericSchema | undefined,
  A extends Auth | undefined,
  O extends string = string,
  R extends v.GenericSchema | undefined = v.GenericSchema | undefined,
> {
  method: HttpMethod;
  path: string;
  /** A verb and its object in camelCase (`playPacketRun`, `joinLeague`), unique in the arena. */
  operationId: O;
  summary: string;
  query?: Q;
  body?: B;
  auth?: A;
  /** Runs first, before anything of the request is read: a closed surface refuses here. */
  guard?(arena: ArenaContext): void;
  /** A durable write: `Idempotency-Key` required, and the outcome kept for replay. */
  idempotency?: IdempotencyPolicy<Output<B>>;
  /**
   * A public read whose answer is a function of stored state alone: it carries a strong ETag,
   * answers a matching `If-None-Match` with 304, and may be cached for the policy's time.
   */
  cache?: CachePolicy;
  /** For the API description: a status, media type, body or refusal the shape does not imply. */
  responds?: Responds<R>;
  /** For the API description: the body a protocol endpoint reads itself (never with `body`). */
  protocolBody?: ProtocolBody;
  /** The operation as an MCP tool and an A2A skill: only operations an agent acts through. */
  tool?: AgentTool;
  handle(input: RouteInput<Output<Q>, Output<B>, AgentOf<A>>, arena: ArenaContext): unknown;
}

/**
 * Order of refusals: 503 (guard), 401/403 (credential), 400 (Idempotency-Key header, query,
 * body), then the idempotency record (replay, 409, 422), then the handler.
 */
export function defineRoute<
  Q extends v.GenericSchema | undefined = undefined,
  B extends v.GenericSchema | undefined = undefined,
  A extends Auth | undefined = undefined,
  const O extends string = string,
  R extends v.GenericSchema | undefined = undefined,
>(definition: RouteDefinition<Q, B, A, O, R>): TypedRoute<O, Q, B, A, R> {
  const { method, path, operationId, summary, query, body, auth, guard, idempotency, cache, responds, protocolBody, tool } = definition;
  return {
    method,
    path,
    operationId,
    summary,
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    ...(auth ? { auth } : {}),
    durable: idempotency !== undefined,
    ...(guard ? { guarded: true } : {}),
    ...(cache ? { cache } : {}),
    ...(responds ? { responds } : {}),
    ...(protocolBody ? { protocolBody } : {}),
    ...(tool ? { tool } : {}),
    async run(request, params, arena, connection, url) {
      guard?.(arena);
      const agent = auth === 'agent' || (auth === 'optional-agent' && request.headers.has('authorization')) ? await arena.credentials.agent(request) : undefined;
      if (auth === 'operator') await arena.credentials.operator(request);
      const idempotencyKey = idempotency ? idempotencyKeyOf(request) : undefined;
      const parsedQuery = (query ? validate(query, queryObject(url), 'query') : undefined) as Output<Q>;
      const rawBody = body ? await readJsonBody(request) : undefined;
      const parsedBody = (body ? validate(body, rawBody, 'body') : undefined) as Output<B>;
      const identity =
        idempotency && idempotencyKey !== undefined
          ? requestIdentity(method, url.pathname, scopeOf(method, path, auth, idempotency, agent, request), idempotencyKey, rawBody)
          : undefined;
      const key = identity && idempotency?.heldByRecord ? { keyDigest: identity.keyDigest, fingerprint: identity.fingerprint, now: arena.now() } : undefined;
      const input = { request, connection, url, params, query: parsedQuery, body: parsedBody, agent: agent as never, requestDigest: identity?.requestDigest, key };
      const execute = async () => {
        const result = await definition.handle(input, arena);
        return result instanceof Response ? result : json(result);
      };
      if (cache) return validated(request, await execute(), cache);
      if (!idempotency || !identity) return execute();
      // A durable write with no credential behind it is counted against its client's budget
      // once it is sure to run (a replay costs nothing), and refunded if it is refused.
      const anonymous = agent === undefined && auth !== 'operator';
      const write = anonymous ? () => chargedAnonymousWrite(arena, connection.clientAddress, execute) : execute;
      const claim = {
        keyDigest: identity.keyDigest,
        fingerprint: identity.fingerprint,
        requestDigest: identity.requestDigest,
        pathname: url.pathname,
        body: parsedBody,
        request,
        requestId: connection.requestId,
      };
      return runOnce(arena, claim, idempotency, write);
    },
  };
}

/** Whose keys these are: the operator's, the agent's or its key's, or (with no credential) the endpoint's. */
function scopeOf(method: string, path: string, auth: Auth | undefined, policy: IdempotencyPolicy<never>, agent: AgentRecord | undefined, request: Request): string {
  if (auth === 'operator') return 'operator';
  if (!agent || policy.scope === 'endpoint') return `${method} ${path}`;
  return policy.scope === 'key' ? `key:${sha256Hex(bearerToken(request))}` : `agent:${agent.id}`;
}

function requestIdentity(method: string, pathname: string, scope: string, key: string, body: unknown) {
  const keyDigest = idempotencyKeyDigest(scope, key);
  const fingerprint = fingerprintOf(method, pathname, body);
  return { keyDigest, fingerprint, requestDigest: requestDigestOf(keyDigest, fingerprint) };
}

/** Validates `value` against `schema`, or throws a 400 listing every failing field. */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown, where: 'query' | 'body'): v.InferOutput<S> {
  // valibot's objects take an array as an object with no members: a JSON array is no object.
  if (Array.isArray(value) && OBJECT_SCHEMAS.has(rootOf(schema).type)) {
    throw new HttpError('invalid-request', `invalid ${where}: must be a JSON object, not an array`, { errors: [{ path: '', message: 'must be a JSON object, not an array' }] });
  }
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  const errors = result.issues.map(toFieldError);
  const summary = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
  throw new HttpError('invalid-request', `invalid ${where}: ${summary}`, { errors });
}

const OBJECT_SCHEMAS = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest']);

/** The schema a pipe starts from, or the schema itself. */
function rootOf(schema: v.GenericSchema): v.GenericSchema {
  const pipe = (schema as { pipe?: readonly v.GenericSchema[] }).pipe;
  return pipe ? rootOf(pipe[0]!) : schema;
}

function toFieldError(issue: v.BaseIssue<unknown>): FieldError {
  const specific = matchedBranchIssue(issue);
  const path = [...(issue.path ?? []), ...(specific === issue ? [] : (specific.path ?? []))].map((item) => String(item.key)).join('.');
  return { path, message: specific.message };
}

/**
 * A union names only itself ("a string or an array"); when the value had the type of one of
 * its branches, that branch's own complaint (`unexpected character "X" at position 3`) is
 * the one worth reading.
 */
function matchedBranchIssue(issue: v.BaseIssue<unknown>): v.BaseIssue<unknown> {
  if (issue.type !== 'union' || !issue.issues) return issue;
  const matched = issue.issues.find((branch) => branch.kind !== 'schema' || (branch.path?.length ?? 0) > 0);
  return matched ? matchedBranchIssue(matched) : issue;
}
