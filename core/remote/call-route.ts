import type { Connection, Dispatch, HttpMethod } from '../http/route.ts';

/** One call to one of the arena's own routes, described the way an HTTP client would send it. */
export interface RouteCall {
  method: HttpMethod;
  path: string;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | undefined>;
  /** A JSON body (POST only). */
  body?: unknown;
  /** Extra request headers, such as `idempotency-key`. */
  headers?: Record<string, string>;
}

/** What the route answered: its status and its JSON document (a result or a problem). */
export interface RouteAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The caller of a bridge (MCP, A2A): its request, what the adapter knows of its connection, and the arena to call. */
export interface Caller {
  request: Request;
  connection: Connection;
  /** The arena's own fetch handler, injected where the route table is assembled. */
  dispatch: Dispatch;
  /** The arena's base path, which `dispatch` serves every route under. */
  basePath: string;
}

/**
 * Calls a route through the arena's own fetch handler, in process, so a bridge answers with
 * exactly the JSON the HTTP route returns. The call carries the caller's origin, user agent,
 * credential and client address, so absolute links, arrival digests and per-client caps stay the caller's.
 */
export async function callRoute(caller: Caller, call: RouteCall): Promise<RouteAnswer> {
  const url = new URL(`${new URL(caller.request.url).origin}${caller.basePath}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
  const headers = new Headers(call.headers);
  // The caller's credential (an arena key sent once for a whole MCP connection) goes with every
  // call; routes that take none ignore it.
  for (const name of ['user-agent', 'authorization']) {
    const value = caller.request.headers.get(name);
    if (value !== null && !headers.has(name)) headers.set(name, value);
  }
  if (call.body !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(url, {
    method: call.method,
    headers,
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
  });
  const response = await caller.dispatch(request, caller.connection);
  return { status: response.status, body: await jsonObjectOf(response) };
}

/** Every route answers JSON; anything else would be a bug, reported as a problem-shaped object. */
async function jsonObjectOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the problem-shaped answer below.
  }
  return { title: 'The route did not answer a JSON object', status: response.status, detail: text.slice(0, 200) };
}
