/**
 * CORS for a public API without cookies: any origin may read and write. Written here rather
 * than taken from itty-router because its `corsify` rebuilds the response and loses the status.
 */
const EXPOSED = 'Allow, Retry-After, WWW-Authenticate, Idempotency-Replayed, Location';
const ALLOWED_HEADERS = 'Content-Type, Authorization, Idempotency-Key';

export function withCors(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('access-control-allow-origin', '*');
  headers.set('access-control-expose-headers', EXPOSED);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
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
