import process from 'node:process';
import { logFailure } from './log-failure.ts';
import { processLines } from './log-lines.ts';

/**
 * One JSON line for what a Node, Bun or Deno process says of itself, beside the arena's request
 * and failure events: that it listens, that it stops (`info`, on stdout), what its operator
 * should know (`warn`, on stderr). Written whatever `ARENA_LOG_LEVEL` says, as the line that a
 * server listens is what tells a supervisor it started.
 */
export function logNotice(level: 'info' | 'warn', what: string): void {
  const line = JSON.stringify({ event: 'notice', level, time: new Date().toISOString(), what });
  if (level === 'info') processLines.out(line);
  else processLines.err(line);
}

/**
 * What the runtime would print of the process in its own plain text, as JSON lines like every
 * other: its warnings (Node 22's ExperimentalWarning for `node:sqlite`, a deprecation in a
 * dependency) as notices, and the bugs no handler caught as failures.
 *
 * Every answer is guarded where it is made. A promise rejected where no one waits (a failed
 * connection's stray error, say) is logged, and the server goes on answering, rather than ending
 * (the runtimes' default). A thrown exception ends the process with exit code 1, as it would
 * without this: its state may be broken, and its causes are fixed instead.
 */
export function logProcessEvents(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logNotice('warn', `${warning.name}: ${warning.message}`));
  process.on('unhandledRejection', (reason) => logFailure('a promise was rejected with no handler', reason));
  process.on('uncaughtException', (error) => {
    logFailure('the process stopped: an exception no handler caught', error);
    process.exit(1);
  });
}
