import { summarizeError } from '../core/index.ts';
import { processLines } from './log-lines.ts';

/**
 * One JSON line on stderr for a failure the adapter itself meets (the arena reports its own):
 * what failed, the error's name, message and where it was thrown (null with no error, when `what`
 * says it all), and the request's id when the failure belongs to an answer. The same shape as the
 * arena's failure events.
 */
export function logFailure(what: string, error: unknown, requestId: string | null = null): void {
  const summary = error === undefined ? null : summarizeError(error);
  processLines.err(JSON.stringify({ event: 'failure', level: 'error', time: new Date().toISOString(), requestId, what, error: summary }));
}
