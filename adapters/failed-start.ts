import { isIP } from 'node:net';
import { StorageUnavailableError } from '../core/index.ts';
import { ConfigurationError } from './configuration/read.ts';
import { logFailure } from './log-failure.ts';

/**
 * A start that cannot go on: one JSON line on stderr, then exit code 1. A variable that does not
 * fit, a port or host it cannot listen on, or a database unreachable at start is the operator's
 * to fix, said plainly and without a stack; anything else is a bug, logged with where it was
 * thrown.
 */
export function failedStart(error: unknown, exit: (code: number) => never): never {
  if (error instanceof ConfigurationError) logFailure(`the arena could not start: ${error.message}`, undefined);
  else if (error instanceof StorageUnavailableError) {
    logFailure(`the arena could not start: the database cannot be reached at start (${error.message}); check DATABASE_URL and that the database is up`, undefined);
  } else logFailure('the arena could not start', error);
  return exit(1);
}

/** The server `listen()` starts on `hostname:port`; when it throws, the start fails with `cannotListen`'s one line. */
export function listening<T>({ hostname, port }: { hostname: string; port: number }, exit: (code: number) => never, listen: () => T): T {
  try {
    return listen();
  } catch (error) {
    return failedStart(cannotListen(error, hostname, port), exit);
  }
}

/**
 * Why the runtime could not listen on `hostname:port`, as the operator's to fix: each runtime
 * throws its own error for it (Node's `EADDRINUSE`, Deno's `AddrInUse`, Bun's `ENOENT` or
 * `EINVAL` for a host name that does not resolve), and any of them is about `PORT` and `HOST`,
 * not a bug.
 */
export function cannotListen(error: unknown, hostname: string, port: number): ConfigurationError {
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  const reason =
    code === 'EADDRINUSE' || name === 'AddrInUse'
      ? 'the port is in use'
      : code === 'EADDRNOTAVAIL' || name === 'AddrNotAvailable'
        ? 'the address is not one of this machine’s'
        : code === 'EACCES' || name === 'PermissionDenied'
          ? 'permission denied (ports below 1024 need privileges)'
          : code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /lookup address/.test(String(message)) || (isIP(hostname) === 0 && (code === 'ENOENT' || code === 'EINVAL'))
            ? 'the host name does not resolve'
            : String(message ?? error);
  return new ConfigurationError(`cannot listen on ${hostname}:${port} (${reason}); set PORT and HOST to a port and an address this machine can listen on`);
}
