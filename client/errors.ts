import type { ArenaProblemSlug } from './operations.ts';

/** One field the arena refused, in a 400 `invalid-request`. */
export interface ArenaFieldError {
  /** Dot-separated path of the field: `actions`, `agent.handle`, `actions.3`. */
  path: string;
  message: string;
}

/** An RFC 9457 problem document, as the arena answers every refusal and failure. */
export interface ArenaProblem {
  /** `/problems/<slug>`, which the arena also serves as a description. */
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors?: ArenaFieldError[];
  /** Members a problem type adds (`audit` on `audit-failed`, …). */
  [member: string]: unknown;
}

/**
 * The arena refused or failed a request: its problem document, typed. `slug` names the problem
 * type (`not-found`, `invalid-request`, `rate-limited`, …); it is undefined only when the answer
 * was no problem document of the arena's (a proxy's error page, a protocol endpoint's own error).
 */
export class ArenaProblemError extends Error {
  override readonly name = 'ArenaProblemError';
  readonly status: number;
  readonly slug: ArenaProblemSlug | undefined;
  readonly title: string;
  readonly detail: string | undefined;
  /** The fields refused, on a 400 `invalid-request`; empty otherwise. */
  readonly errors: readonly ArenaFieldError[];
  /** Seconds the arena asked to wait before trying again (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;
  /** The id the arena answered under (`X-Request-Id`): quote it when reporting a failure. */
  readonly requestId: string | undefined;

  constructor(
    /** The operation that was refused. */
    readonly operationId: string,
    /** The whole problem document, members of its type included. */
    readonly problem: ArenaProblem,
    answer: { headers: Headers; method: string; pathname: string },
  ) {
    super(`${answer.method} ${answer.pathname} answered ${problem.status}: ${problem.detail ?? problem.title}`);
    this.status = problem.status;
    this.slug = /^(?:.*\/)?problems\/([a-z-]+)$/.exec(problem.type)?.[1] as ArenaProblemSlug | undefined;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = Array.isArray(problem.errors) ? problem.errors : [];
    this.retryAfter = retryAfterOf(answer.headers);
    this.requestId = answer.headers.get('x-request-id') ?? undefined;
  }

  /** True when the arena answered this problem type. */
  is(slug: ArenaProblemSlug): boolean {
    return this.slug === slug;
  }
}

/** No answer came back (the network, DNS, a dropped connection), after every attempt the client may make. */
export class ArenaUnreachableError extends Error {
  override readonly name = 'ArenaUnreachableError';

  constructor(
    readonly operationId: string,
    readonly attempts: number,
    url: string,
    cause: unknown,
  ) {
    super(`${new URL(url).origin} did not answer: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** `Retry-After` in seconds: a number of seconds, or an HTTP date from now. */
export function retryAfterOf(headers: Headers): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
