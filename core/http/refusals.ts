import { withCors } from './cors.ts';
import { HttpError, problemResponse } from './problem.ts';
import { standardResponse } from './respond.ts';

/** Every method some path of the arena answers: GET also answers HEAD, OPTIONS answers preflights. */
const IMPLEMENTED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);

export function isImplementedMethod(method: string): boolean {
  return IMPLEMENTED_METHODS.has(method);
}

/** 501: a method no path answers (TRACE, PATCH, an unknown token), as opposed to 405 on one path. */
export function methodNotImplemented(method: string): HttpError {
  return new HttpError('not-implemented', `the arena answers ${method.slice(0, 32)} on no path; it answers ${[...IMPLEMENTED_METHODS].join(', ')}`);
}

/** 400: a request line or head the runtime's parser refused, when the adapter answers for it. */
export function malformedRequest(detail: string): HttpError {
  return new HttpError('invalid-request', detail);
}

/** How long a client is asked to wait while the database is unavailable. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE = 'the database is unavailable right now; nothing of this request was kept. Send it again later (a durable write with the same Idempotency-Key)';

/** 503: the database cannot be reached or stays busy (or is not ready); the same request may be sent again later. */
export function storageUnavailable(detail = UNAVAILABLE): HttpError {
  return new HttpError('storage-unavailable', detail, { headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) } });
}

/**
 * 503: the operator's configuration does not fit, where an adapter can only tell at a request
 * (Workers' bindings); `reason` names the variable and its form, never its value.
 */
export function misconfigured(reason: string): HttpError {
  return new HttpError('misconfigured', `${reason}. The operator must fix the arena's configuration; nothing of this request was kept`);
}

/** 500: answering failed; always a bug. */
export function internalFailure(): HttpError {
  return new HttpError('internal-error', 'the service failed; this is a bug and nothing was stored');
}

/**
 * The problem answer, with the CORS headers every answer carries. The router answers with it,
 * and so do adapters where their runtime will not build a `Request` for what arrived (Node
 * refuses CONNECT, TRACE and TRACK; its parser refuses unknown methods) or answering failed:
 * the same documents either way, as an ordinary Response any runtime can send. `basePath` is
 * the arena's (see `Arena.basePath`); an adapter that has no arena yet answers at the root.
 */
export function refusal(error: HttpError, instance?: string, basePath = ''): Response {
  return standardResponse(withCors(problemResponse(error, instance, basePath)));
}
