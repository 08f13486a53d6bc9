import process from 'node:process';
import { logFailure } from './log-failure.ts';

/**
 * One JSON line for what a Node, Bun or Deno process says of itself, beside the arena's request
 * and failure events: that it listens, that it stops (`info`, on stdout), what its operator
 * should know (`warn`, on stderr). Written whatever `ARENA_LOG_LEVEL` says, as the line that a
 * server listens is what tells a supervisor it started.
 */
export function logNotice(level: 'info' | 'warn', what: string): void {
  const line = JSON.stringify({ event: 'notice', level, time: new Date().toISOString(), what });
  if (level === 'info') console.log(line);
  else console.error(line);
}

/**
 * What the runtime would print of the process in its own plain text, as JSON lines like every
 * other: its warnings (Node 22's ExperimentalWarning for `node:sqlite`, a deprecation in a
 * dependency) as notices, and an exception or rejection no handler caught (a bug) as the failure
 * it is, before the process ends with exit code 1, as it would have without this.
 */
export function logProcessEvents(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logNotice('warn', `${warning.name}: ${warning.message}`));
  const crash = (what: string) => (error: unknown) => {
    logFailure(what, error);
    process.exit(1);
  };
  process.on('uncaughtException', crash('the process stopped: an exception no handler caught'));
  process.on('unhandledRejection', crash('the process stopped: a rejection no handler caught'));
}
