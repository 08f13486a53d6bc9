import { withHeaders } from '../core/index.ts';
import { logFailure } from './log-failure.ts';
import { logNotice } from './notice.ts';

/** How long requests in flight get to finish once the process is asked to stop. */
export const DRAIN_BOUND_MS = 10_000;

/**
 * How long a connection with no request in flight is kept open once stopping: a request already
 * on its way on it (a keep-alive client's next, a new connection's first) is answered, with
 * `Connection: close`, rather than reset. A client that sends nothing for this long is not in
 * the middle of anything.
 */
export const IDLE_GRACE_MS = 1_000;

/** Settles once `IDLE_GRACE_MS` have passed. */
export function idleGrace(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, IDLE_GRACE_MS));
}

/** The answer, saying `Connection: close`: every answer a stopping server gives, so its client sends nothing more on that connection. */
export function closingConnection(answer: Response): Response {
  return withHeaders(answer, (headers) => headers.set('connection', 'close'));
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

export interface Shutdown {
  /** Registers the handler for each stop signal (the runtime's own way). */
  onSignal(signal: StopSignal, handler: () => void): void;
  /** Ends the answers that never end by themselves (event streams), so draining can finish. */
  endStreams(): void;
  /**
   * Stops accepting connections (Bun and Deno, which cannot stop without closing the idle ones,
   * after `IDLE_GRACE_MS`) and settles once the answers in flight are sent. Every answer from then
   * on, those in flight included, says `Connection: close` and ends its connection; one with
   * nothing in flight is closed only after `IDLE_GRACE_MS`, so a request already on its way is
   * answered rather than reset.
   */
  drain(): Promise<void>;
  /** Closes the store: SQLite's write-ahead log checkpointed into the file, PostgreSQL's pool ended. */
  closeStore(): Promise<void>;
  exit(code: number): void;
}

/**
 * SIGTERM or SIGINT: stop accepting, let requests in flight finish (at most `boundMs`), close
 * the database, exit 0. A second signal while stopping exits at once with 1, as an operator
 * pressing Ctrl-C twice expects.
 */
export function stopGracefully(shutdown: Shutdown, boundMs = DRAIN_BOUND_MS): void {
  let stopping = false;
  for (const signal of STOP_SIGNALS) {
    shutdown.onSignal(signal, () => {
      if (stopping) return shutdown.exit(1);
      stopping = true;
      logNotice('info', `${signal}: finishing requests in flight (at most ${boundMs / 1000} s), then stopping`);
      void stop(shutdown, boundMs);
    });
  }
}

async function stop(shutdown: Shutdown, boundMs: number): Promise<void> {
  let bound: ReturnType<typeof setTimeout> | undefined;
  const outlasted = new Promise<void>((resolve) => (bound = setTimeout(resolve, boundMs)));
  try {
    shutdown.endStreams();
    await Promise.race([shutdown.drain(), outlasted]);
    clearTimeout(bound);
    await shutdown.closeStore();
    shutdown.exit(0);
  } catch (error) {
    logFailure('stopping failed', error);
    shutdown.exit(1);
  }
}
