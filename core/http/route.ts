import * as v from 'valibot';
import type { ArenaContext } from '../context.ts';
import { readJsonBody } from './json-body.ts';
import { HttpError, type FieldError } from './problem.ts';
import { json } from './responses.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteInput<Query, Body> {
  request: Request;
  url: URL;
  params: Record<string, string>;
  query: Query;
  body: Body;
}

/**
 * One endpoint: its method, path, the valibot schemas its query and body must pass, and a
 * handler that receives them already validated. The same objects will describe the API.
 */
export interface Route {
  method: HttpMethod;
  path: string;
  summary: string;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  run(request: Request, params: Record<string, string>, arena: ArenaContext): Promise<Response>;
}

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface RouteDefinition<Q extends v.GenericSchema | undefined, B extends v.GenericSchema | undefined> {
  method: HttpMethod;
  path: string;
  summary: string;
  query?: Q;
  body?: B;
  handle(input: RouteInput<Output<Q>, Output<B>>, arena: ArenaContext): unknown;
}

export function defineRoute<
  Q extends v.GenericSchema | undefined = undefined,
  B extends v.GenericSchema | undefined = undefined,
>(definition: RouteDefinition<Q, B>): Route {
  const { method, path, summary, query, body } = definition;
  return {
    method,
    path,
    summary,
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    async run(request, params, arena) {
      const url = new URL(request.url);
      const input = {
        request,
        url,
        params,
        query: (query ? validate(query, queryObject(url.searchParams), 'query') : undefined) as Output<Q>,
        body: (body ? validate(body, await readJsonBody(request), 'body') : undefined) as Output<B>,
      };
      const result = await definition.handle(input, arena);
      return result instanceof Response ? result : json(result);
    },
  };
}

/** Validates `value` against `schema`, or throws a 400 listing every failing field. */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown, where: 'query' | 'body'): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  const errors = result.issues.map(toFieldError);
  const summary = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
  throw new HttpError('invalid-request', `invalid ${where}: ${summary}`, { errors });
}

function toFieldError(issue: v.BaseIssue<unknown>): FieldError {
  const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
  return { path, message: issue.message };
}

/** Query parameters as an object; a repeated name becomes an array, which string schemas refuse. */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of params) {
    const existing = query[name];
    query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}
