import { Router, type IRequest } from 'itty-router';
import type { ArenaContext } from '../context.ts';
import { withCors, preflight } from './cors.ts';
import { StorageUnavailableError } from '../store/errors.ts';
import { HttpError, problemResponse } from './problem.ts';
import { internalFailure, isImplementedMethod, methodNotImplemented, refusal, storageUnavailable } from './refusals.ts';
import { rememberingHostCheck, requestTarget } from './request-target.ts';
import type { Failure } from './log.ts';
import type { Connection, Route } from './route.ts';
import { exactRoutes, NO_PARAMS } from './exact-routes.ts';

/** An outage is logged once, then again only if it lasts: at most one line a minute. */
const OUTAGE_LOG_EVERY_MS = 60_000;

/**
 * Builds the arena's single fetch handler from its routes, in itty-router's stages: the
 * matched route runs (whatever reads a body refuses one past the limit, before reading it,
 * in its own protocol's shape), `catch` turns a typed `HttpError` into a problem document, an
 * unavailable database into a 503 with `Retry-After` (anything else is a bug: a 500, reported
 * with the request's id), and the final stage answers 404 or 405 with `Allow`, handles HEAD and
 * OPTIONS, and adds CORS. Every route is served under `basePath` (`''`: the root); a path
 * outside it is answered 404 like any path no route serves.
 */
export function createFetchHandler(routes: readonly Route[], context: () => Promise<ArenaContext>, report: (failure: Failure) => void, basePath = '') {
  let outageLoggedAt = -Infinity;
  const problem = (error: HttpError, pathname: string) => problemResponse(error, pathname, basePath);
  const toProblem = (error: unknown, pathname: string, requestId: string | undefined): Response => {
    if (error instanceof HttpError) return problem(error, pathname);
    if (error instanceof StorageUnavailableError) {
      if (Date.now() - outageLoggedAt >= OUTAGE_LOG_EVERY_MS) {
        outageLoggedAt = Date.now();
        report({ what: 'storage is unavailable; answering 503 until it is back', error, requestId, level: 'warn' });
      }
      return problem(storageUnavailable(), pathname);
    }
    report({ what: 'answering a request failed', error, requestId });
    return problem(internalFailure(), pathname);
  };
  // The URL the target check parsed is handed to the route, which would otherwise parse it again.
  const router = Router<IRequest, [ArenaContext, Connection, URL]>({
    base: basePath,
    catch: (error: unknown, _request: IRequest, _arena: ArenaContext, connection: Connection, url: URL) => toProblem(error, url.pathname, connection.requestId),
  });
  for (const route of routes) {
    router[route.method.toLowerCase() as 'get'](route.path, (request: IRequest, arena: ArenaContext, connection: Connection, url: URL) =>
      route.run(request, request.params, arena, connection, url),
    );
  }
  const isHost = rememberingHostCheck();
  const exact = exactRoutes(routes, router.routes, basePath);

  function methodsFor(pathname: string): string[] {
    const methods = new Set<string>();
    for (const [method, pattern] of router.routes) if (pattern.test(pathname)) methods.add(method);
    if (methods.has('GET')) methods.add('HEAD');
    if (methods.size > 0) methods.add('OPTIONS');
    return [...methods];
  }

  /** Answers the request, and says which route's pattern matched it (null for none). */
  return async function fetch(request: Request, connection: Connection = {}): Promise<{ response: Response; route: string | null }> {
    const matched: { route: string | null } = { route: null };
    return { response: await answer(request, connection, matched), route: matched.route };
  };

  async function answer(request: Request, connection: Connection, matched: { route: string | null }): Promise<Response> {
    // Refused before any route sees it: a method no path answers (501), then a URL, Host or
    // percent-encoding that cannot be read (400). Past here, `request.url` parses.
    if (!isImplementedMethod(request.method)) return refusal(methodNotImplemented(request.method), pathOf(request.url), basePath);
    const target = requestTarget(request, isHost);
    if (target instanceof HttpError) return refusal(target, undefined, basePath);
    const { pathname } = target;
    if (request.method === 'OPTIONS') {
      const allowed = methodsFor(pathname);
      return allowed.length > 0 ? preflight(allowed) : withCors(problem(notFound(pathname, basePath), pathname));
    }
    const isHead = request.method === 'HEAD';
    // Built from its parts: an adapter's request may be a light one that undici cannot copy.
    const routed = isHead ? new Request(request.url, { method: 'GET', headers: request.headers }) : request;
    let response: Response | undefined;
    try {
      const exactly = exact.get(`${routed.method} ${pathname}`);
      if (exactly) {
        matched.route = exactly.pattern;
        response = await exactly.route.run(routed, NO_PARAMS, await context(), connection, target);
      } else {
        response = (await router.fetch(routed, await context(), connection, target)) as Response | undefined;
        // itty-router names the pattern it matched on the request it routed, the base path first.
        const pattern: string | undefined = (routed as IRequest).route;
        matched.route = pattern === undefined ? null : pattern.slice(basePath.length);
      }
    } catch (error) {
      response = toProblem(error, pathname, connection.requestId);
    }
    response ??= unmatched(pathname, methodsFor(pathname), basePath);
    if (isHead) {
      // The body is never sent: a streamed one (an export, an event stream) is told so it lets go of what it holds.
      void response.body?.cancel().catch(() => undefined);
      response = new Response(null, response);
    }
    return withCors(response);
  }
}

/** The path, for a problem's `instance`, when the URL parses at all. */
function pathOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).pathname : undefined;
}

function unmatched(pathname: string, allowed: string[], basePath: string): Response {
  if (allowed.length === 0) return problemResponse(notFound(pathname, basePath), pathname, basePath);
  const error = new HttpError('method-not-allowed', `${pathname} accepts ${allowed.join(', ')}`, {
    headers: { allow: allowed.join(', ') },
  });
  return problemResponse(error, pathname, basePath);
}

function notFound(pathname: string, basePath: string): HttpError {
  return new HttpError('not-found', `nothing is served at ${pathname}; GET ${basePath}/api/games lists the games`);
}
