import { HttpError } from './problem.ts';

/** The realm every bearer challenge names. */
export const AUTH_REALM = 'Bearer realm="agent-arena"';

/** The bearer credential of a request, or a 401 when there is none or it is not `Bearer <token>`. */
export function bearerToken(request: Request): string {
  const header = request.headers.get('authorization');
  if (!header) throw unauthorized('send your arena key as `Authorization: Bearer <ARENA_KEY>`', AUTH_REALM);
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match) throw unauthorized('the Authorization header must be `Bearer <token>`', `${AUTH_REALM}, error="invalid_request"`);
  return match[1]!;
}

/** A 401 with its `WWW-Authenticate` challenge. */
export function unauthorized(detail: string, challenge: string): HttpError {
  return new HttpError('unauthorized', detail, { headers: { 'www-authenticate': challenge } });
}
