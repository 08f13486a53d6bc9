import {
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
  type McpRequestContext,
  type McpServer,
} from '@modelcontextprotocol/server';
import type { ArenaContext } from '../../context.ts';
import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import { HttpError } from '../../http/problem.ts';
import { withBoundedBody } from '../bounded-body.ts';
import type { Dispatch } from '../../http/route.ts';
import type { Caller } from '../call-route.ts';
import type { RemoteCatalog } from '../catalog.ts';
import { arenaMcpServer } from './server.ts';

/**
 * `/api/mcp`: MCP over streamable HTTP, stateless, answered with JSON. The SDK's entry serves
 * the 2026-07-28 era; 2025-era traffic (an `initialize`, or any request without the per-request
 * envelope) goes to a fresh stateless transport with JSON responses, the pattern the SDK's
 * `isLegacyRequest` documents. The arena reads the body first, so the 16384-byte limit holds
 * whoever answers next; past it, the answer is a JSON-RPC error with status 413.
 *
 * One endpoint per route table (so per arena): it keeps the modern handler, created once and
 * reused as the SDK intends, and who sent each request it is serving.
 */
export function mcpEndpoint(dispatch: Dispatch, catalog: RemoteCatalog): (arena: ArenaContext, caller: Caller) => Promise<Response> {
  /** Who sent each request the SDK is serving, so the per-request server calls routes as them. */
  const callers = new WeakMap<Request, Caller>();
  let modern: McpHttpHandler | undefined;

  /** Builds each request's server for the caller that sent that request. */
  const serverFactory =
    (arena: ArenaContext): ServerFactory =>
    (context) => {
      const request = context.requestInfo;
      if (!request) throw new Error('MCP request served without its request');
      // Should the SDK ever hand back a copy, only the client address is lost: such calls then
      // share the unknown client's arrival cap, the stricter way round.
      return arenaMcpServer(arena, callers.get(request) ?? { request, connection: {}, dispatch, basePath: arena.basePath }, catalog);
    };

  return async (arena, caller) => {
    const factory = serverFactory(arena);
    const request = await withBoundedBody(caller.request).catch(asJsonRpcError);
    if (request instanceof Response) return request;
    callers.set(request, { ...caller, request });
    if (await isLegacyRequest(request, undefined, { maxRequestBodySize: MAX_BODY_BYTES })) {
      return serveLegacy(request, factory, reportingTo(arena, caller.connection.requestId));
    }
    // `auto` answers one JSON body: the arena's tools emit no message before their result. The
    // handler outlives a request, so what it reports names none.
    modern ??= createMcpHandler(factory, { legacy: 'reject', maxRequestBodySize: MAX_BODY_BYTES, onerror: reportingTo(arena, undefined) });
    return modern.fetch(request);
  };
}

/**
 * A body the arena refuses before the SDK reads it, answered in JSON-RPC's shape as the SDK
 * answers its own, with no id (the request was never parsed): past the size limit, 413 with
 * error -32000; nested past the depth limit, 400 with -32600 (Invalid Request). Anything else
 * goes on to the router.
 */
function asJsonRpcError(error: unknown): Response {
  if (!(error instanceof HttpError) || (error.slug !== 'payload-too-large' && error.slug !== 'invalid-request')) throw error;
  const code = error.slug === 'payload-too-large' ? -32000 : -32600;
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message: error.detail } }), {
    status: error.status,
    headers: { 'content-type': 'application/json', ...error.extra.headers },
  });
}

type ServerFactory = (context: McpRequestContext) => McpServer;

/** One 2025-era exchange: a fresh server on a fresh stateless transport that answers JSON, then both closed. */
async function serveLegacy(request: Request, factory: ServerFactory, reportError: (error: Error) => void): Promise<Response> {
  const server = factory({ era: 'legacy', requestInfo: request });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  transport.onerror = reportError;
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await transport.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  }
}

/** Refused requests are answered to the client and need no log line; anything else is a failure. */
function reportingTo(arena: ArenaContext, requestId: string | undefined): (error: Error) => void {
  return (error) => {
    const refusal =
      error instanceof SyntaxError ||
      typeof (error as { code?: unknown }).code === 'number' ||
      /^(Rejected|Unsupported Media Type|Not Acceptable|Parse error|Bad Request|Invalid|Method not allowed)/.test(error.message);
    if (!refusal) arena.report({ what: 'the MCP endpoint failed', error, requestId });
  };
}
