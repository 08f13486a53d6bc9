/**
 * Every error the arena answers is an RFC 9457 problem document. Its `type` is a stable
 * relative URI, `/problems/<slug>` under the arena's base path, which this service also serves
 * as a description.
 */
import { BytesResponse, withLength } from './respond.ts';

export const PROBLEM_TYPES = {
  'invalid-request': {
    status: 400,
    title: 'The request is not valid',
    description: 'A parameter or body field breaks its published rule. `errors` lists each field path with the reason.',
  },
  'malformed-json': { status: 400, title: 'The body is not JSON', description: 'The body could not be read as UTF-8 JSON text.' },
  'invalid-token': {
    status: 400,
    title: 'The token is not valid here',
    description: 'A signed token is malformed, has a bad signature, was signed by an unknown key, is of another kind, or has expired. `detail` says which.',
  },
  'commitment-mismatch': {
    status: 400,
    title: 'The reveal does not match the commitment',
    description: 'The revealed moves and nonce do not hash to the commitment the challenger made.',
  },
  'audit-failed': {
    status: 400,
    title: 'The game definition failed its audit',
    description: 'A State Forge definition is signed only when every audit check passes; `audit.checks` reports each check with pass or fail.',
  },
  unauthorized: { status: 401, title: 'A valid arena key is required', description: 'The bearer credential is missing or unknown.' },
  forbidden: { status: 403, title: 'Not allowed', description: 'The credential is valid but may not perform this action.' },
  'not-found': { status: 404, title: 'Not found', description: 'No resource exists at this path.' },
  'method-not-allowed': { status: 405, title: 'Method not allowed', description: 'The path exists but not for this method; the `Allow` header lists the methods it accepts.' },
  conflict: { status: 409, title: 'Conflict', description: 'The request conflicts with the current state of the resource.' },
  'payload-too-large': { status: 413, title: 'The request body is too large', description: 'Request bodies are limited to 16384 bytes; the service stops reading at the limit.' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type', description: 'This endpoint takes `Content-Type: application/json`.' },
  'idempotency-key-reused': {
    status: 422,
    title: 'Idempotency-Key reused with a different body',
    description: 'An `Idempotency-Key` may be replayed only with the exact body it was first used with.',
  },
  'rate-limited': { status: 429, title: 'Too many requests', description: 'A rate limit was reached; `Retry-After` says when to try again.' },
  'internal-error': { status: 500, title: 'Internal error', description: 'The service failed. This is always a bug; nothing was stored.' },
  'not-implemented': {
    status: 501,
    title: 'Method not implemented',
    description: 'The method is not one the arena answers on any path (it answers GET, HEAD, POST, PUT, DELETE and OPTIONS).',
  },
  'service-unavailable': {
    status: 503,
    title: 'Service unavailable',
    description: 'This surface is closed, not configured, or at the most it serves at once; nothing of the request was kept.',
  },
  misconfigured: {
    status: 503,
    title: 'The arena is misconfigured',
    description:
      'A setting its operator gives (an environment variable, a secret or a binding) is missing or does not fit its form; `detail` names it and the form it takes, never its value. Nothing of the request was kept, and every request answers so until the operator fixes it.',
  },
  'storage-unavailable': {
    status: 503,
    title: 'Storage is unavailable',
    description:
      'The database cannot be reached or stays busy right now; nothing of the request was kept. Send the same request again after `Retry-After` seconds (a durable write with the same Idempotency-Key).',
  },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

export type ProblemSlug = keyof typeof PROBLEM_TYPES;

export interface FieldError {
  /** Dot-separated path of the field: `actions`, `agent.name`, `actions.3`. */
  path: string;
  message: string;
}

export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly slug: ProblemSlug,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; members?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.name = 'HttpError';
    this.status = PROBLEM_TYPES[slug].status;
  }
}

/** The problem's URI: its description's path under the arena's base path (`''` at the root). */
export function problemType(slug: ProblemSlug, basePath: string): string {
  return `${basePath}/problems/${slug}`;
}

/** The problem document of `error`, for a request to `instance` (its path) on the arena mounted at `basePath`. */
export function problemResponse(error: HttpError, instance: string | undefined, basePath: string): Response {
  const body = {
    type: problemType(error.slug, basePath),
    title: PROBLEM_TYPES[error.slug].title,
    status: error.status,
    detail: error.detail,
    ...(instance ? { instance } : {}),
    ...(error.extra.errors ? { errors: error.extra.errors } : {}),
    ...error.extra.members,
  };
  const text = JSON.stringify(body);
  return new BytesResponse(text, {
    status: error.status,
    headers: withLength(text, { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...error.extra.headers }),
  });
}
