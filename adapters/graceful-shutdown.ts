/** How long requests in flight get to finish once the process is asked to stop. */
const DRAIN_BOUND_MS = 10_000;

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

export interface Shutdown {
  /** Registers the handler for each stop signal (the runtime's own way). */
  onSignal(signal: StopSignal, handler: () => void): void;
  /** Ends the answers that never end by themselves (event streams), so draining can finish. */
  endStreams(): void;
  /** Stops accepting connections; settles once the answers in flight have been sent. */
  drain(): Promise<void>;
  /** Closes the store: SQLite's write-ahead log checkpointed into the file, PostgreSQL's pool ended. */
  closeStore(): Promise<void>;
  exit(code: number): void;
  /** Where the one line about stopping goes. */
  say(line: string): void;
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
      shutdown.say(`agent-arena: ${signal}: finishing requests in flight (at most ${boundMs / 1000} s), then stopping`);
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
    shutdown.say(`agent-arena: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
    shutdown.exit(1);
  }
}
