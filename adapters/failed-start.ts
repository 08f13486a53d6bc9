import { StorageUnavailableError } from '../core/index.ts';
import { ConfigurationError } from './environment.ts';
import { logFailure } from './log-failure.ts';

/**
 * A start that cannot go on: one line on stderr, then exit code 1. A variable that does not fit
 * or a database unreachable at start is the operator's to fix, said plainly and without a stack;
 * anything else is a bug, logged with where it was thrown.
 */
export function failedStart(error: unknown, exit: (code: number) => never): never {
  if (error instanceof ConfigurationError) console.error(`agent-arena: ${error.message}`);
  else if (error instanceof StorageUnavailableError) {
    console.error(`agent-arena: the database cannot be reached at start (${error.message}); check DATABASE_URL and that the database is up`);
  } else logFailure('the arena could not start', error);
  return exit(1);
}
