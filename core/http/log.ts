/**
 * What the arena tells its operator, as events the adapter writes where they belong (JSON lines
 * on stdout and stderr for Node, Bun and Deno; the Workers log on Workers). A request's event
 * holds its route's pattern, never the URL, so no token, nonce or key in a query reaches a log;
 * nor does any header but the request id, nor the client's address. A failure's event holds
 * what failed and the error's name, message and where it was thrown; never a request's content.
 */
import { encodeBase64Url } from '../crypto/base64url.ts';

export interface RequestEvent {
  event: 'request';
  level: 'info';
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

export interface FailureEvent {
  event: 'failure';
  /** `error`: a bug or a lost write; `warn`: an outage the arena rides out (storage unreachable). */
  level: 'error' | 'warn';
  time: string;
  /** The request being answered, when the failure belongs to one. */
  requestId: string | null;
  what: string;
  error: ErrorSummary | null;
}

export interface ErrorSummary {
  name: string;
  message: string;
  /** The first frame of the stack: enough to find the line. */
  where: string | null;
}

export type ArenaEvent = RequestEvent | FailureEvent;

/**
 * Receives one event per answered request and one per failure. A log that says its `level`
 * writes nothing below it, so the arena builds no request event for a log at `warn` or above.
 */
export interface ArenaLog {
  (event: ArenaEvent): void;
  readonly level?: LogLevel;
}

/** The least level a log writes; `silent` writes nothing. */
export type LogLevel = 'info' | 'warn' | 'error' | 'silent';

/** Whether `log` writes request events (every log that does not say its level does). */
export function logsRequests(log: ArenaLog | undefined): log is ArenaLog {
  return log !== undefined && (log.level ?? 'info') === 'info';
}

/** A failure as a handler reports it; the arena adds the time. */
export interface Failure {
  what: string;
  error?: unknown;
  requestId?: string | undefined;
  level?: FailureEvent['level'];
}

/** Turns a reported failure into its event, for `log`. */
export function failureReporter(log: ArenaLog, now: () => number): (failure: Failure) => void {
  return ({ what, error, requestId, level = 'error' }) =>
    log({ event: 'failure', level, time: new Date(now()).toISOString(), requestId: requestId ?? null, what, error: error === undefined ? null : summarizeError(error) });
}

/** An error's name, message (on one line) and first stack frame, however it was built. */
export function summarizeError(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error).replaceAll('\n', ' '), where: null };
  const where =
    error.stack
      ?.split('\n')
      .find((line) => line.trim().startsWith('at '))
      ?.trim()
      .slice('at '.length) ?? null;
  return { name: error.name, message: error.message.replaceAll('\n', ' '), where };
}

/** Where failures go when the adapter gives no log: stderr, one JSON line each. */
export const consoleFailureLog: ArenaLog = (event) => {
  if (event.event === 'failure') console.error(JSON.stringify(event));
};

/** A client's own request id is kept when it is short printable text without spaces. */
const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * `X-Request-Id` for each request: the client's own when it fits, else this instance's own:
 * 12 random base64url characters drawn once, then a count. Unique without asking the random
 * source on every request (ids correlate log lines; they are not secrets).
 */
export function requestIds(randomBytes: (length: number) => Uint8Array): (request: Request) => string {
  const instance = encodeBase64Url(randomBytes(9));
  let count = 0;
  return (request) => {
    const given = request.headers.get('x-request-id');
    return given !== null && CLIENT_REQUEST_ID.test(given) ? given : `${instance}${(count++).toString(36)}`;
  };
}
