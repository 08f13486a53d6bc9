import process from 'node:process';

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
 * Process warnings (Node 22's ExperimentalWarning for `node:sqlite`, a deprecation in a
 * dependency) as notices, in place of the runtime's own plain text among the JSON lines.
 */
export function logProcessWarnings(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logNotice('warn', `${warning.name}: ${warning.message}`));
}
