/**
 * CORS for a public API without cookies: any origin may read and write. Written here rather
 * than taken from itty-router because its `corsify` rebuilds the response and loses the status.
 */
import { withHeaders } from './respond.ts';

const EXPOSED = 'Allow, Retry-After, WWW-Authenticate, Idempotency-Replayed, Location, Mcp-Session-Id, Mcp-Protocol-Version, X-Request-Id, ETag';
/** What our clients send: JSON, bearer keys, idempotency, conditional reads, and the MCP and A2A protocol headers. */
const ALLOWED_HEADERS =
  'Content-Type, Accept, Authorization, Idempotency-Key, Mcp-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID, A2A-Version, A2A-Extensions, X-Request-Id, If-None-Match';

export function withCors(response: Response): Response {
  return withHeaders(response, (headers) => {
    headers.set('access-control-allow-origin', '*');
    headers.set('access-control-expose-headers', EXPOSED);
  });
}

export function preflight(allowedMethods: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': allowedMethods.join(', '),
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '86400',
    },
  });
}
