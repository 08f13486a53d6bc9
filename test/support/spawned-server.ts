import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A server process started by a test, with everything it printed kept. */
export interface SpawnedServer {
  baseUrl: string;
  /** The process started (for a script, the package manager running it). */
  pid: number;
  /** Settles when the process has ended, with the signal that ended it (or its exit code). */
  exited: Promise<NodeJS.Signals | number | null>;
  output(): string;
  /** `kill -9`, then waits for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM (SIGKILL after 5 s), then waits for the process to be gone. */
  stop(): Promise<void>;
}

/**
 * Runs `argv` from the repository root (or `cwd`) on a free port (`PORT=0`) and waits for the line that
 * announces it, "listening on http://localhost:PORT". Settings meant for the test run itself
 * (CI's `DATABASE_URL`, a public origin) are not inherited: a server gets only what it is given.
 * `ownGroup` starts it in a process group of its own (led by `pid`), so a test can tell whether
 * anything it started outlives it.
 */
export async function spawnServer(name: string, argv: readonly string[], env: Record<string, string>, cwd = root, options: { ownGroup?: boolean } = {}): Promise<SpawnedServer> {
  const { DATABASE_URL: _, ARENA_PUBLIC_ORIGIN: __, ...inherited } = process.env;
  const [command, ...args] = argv;
  const child = spawn(command!, args, {
    cwd,
    // Quiet unless a test asks for request lines (ARENA_LOG_LEVEL=info).
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1', ARENA_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownGroup ?? false,
  });
  let output = '';
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((ending) => {
      clearTimeout(timer);
      reject(new Error(`${name} ended (${ending}) before listening:\n${output}`));
    });
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    exited,
    output: () => output,
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone()) return;
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}
