/**
 * What the arena tells its operator about each request, as an event the adapter writes where it
 * belongs (one JSON line on stdout for Node, Bun and Deno; the Workers log on Workers). An event
 * holds the route's pattern, never the URL, so no token, nonce or key in a query reaches a log;
 * nor does any header but the request id, nor the client's address.
 */
import { encodeBase64Url } from '../crypto/base64url.ts';

export interface RequestEvent {
  event: 'request';
  time: string;
  requestId: string;
  method: string;
  /** The matched route's pattern (`/api/rules/:number`), or null when no route matched. */
  route: string | null;
  status: number;
  durationMs: number;
  /** The answer's length when it is known before it is sent. */
  bytes: number | null;
}

/** Receives one event per answered request. */
export type RequestLog = (event: RequestEvent) => void;

/** A client's own request id is kept when it is short printable text without spaces. */
const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** `X-Request-Id`: the client's own when it fits, else a fresh random one. */
export function requestIdOf(request: Request, randomBytes: (length: number) => Uint8Array): string {
  const given = request.headers.get('x-request-id');
  return given !== null && CLIENT_REQUEST_ID.test(given) ? given : encodeBase64Url(randomBytes(12));
}
