import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A server in its own process, so the load generator never shares its event loop. */
export interface ChildServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The CPU time (user and system) the server process has used so far, in seconds (Linux's /proc). */
  cpuSeconds(): number;
  /** The server's process id (the first of its process tree). */
  pid: number;
  /** SIGTERM, then SIGKILL if it has not exited within a few seconds. */
  stop(): Promise<void>;
}

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

export function cpuSecondsOf(pid: number): number {
  // Fields after the command's closing parenthesis: state is 3rd, utime 14th, stime 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The Bun and Deno the project installs from npm, and the permissions Deno serves with (as `npm run start:deno`). */
export const BUN = `${ROOT}node_modules/.bin/bun`;
export const DENO = `${ROOT}node_modules/.bin/deno`;
export const DENO_RUN = ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-write'] as const;
const READY = /listening on http:\/\/localhost:(\d+)/;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 3_000;

/** Every child still running; killed however this process ends, so none outlives a failed run. */
const running = new Set<ChildProcess>();

/**
 * Starts `node <args>` (or `executable <args>`: Bun, Deno) from the repository root on a free
 * port of 127.0.0.1 and resolves once it prints `listening on http://localhost:<port>`, as the
 * arena's adapters do. `cwd` is another checkout of the repository, to measure an earlier commit.
 */
export async function startChildServer(name: string, args: readonly string[], env: Record<string, string> = {}, executable = process.execPath, cwd = ROOT): Promise<ChildServer> {
  installExitHooks();
  // A scratch data folder: a benchmark must never open or migrate the developer's database.
  // Names such as `adapters/node` or `bare node:http` hold characters a folder's name may not.
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name.replace(/[^A-Za-z0-9._-]+/g, '-')}-`));
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(executable, args, {
    cwd,
    // No request lines: the cases measure answering, as recorded before the log existed.
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1', ARENA_DATA_DIR: dataDir, ARENA_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => {
    running.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  });
  // Kept short, and always read: a child blocked on a full pipe would look like a slow server.
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
      child.stdout!.on('data', () => {
        const match = READY.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited (${signal ?? code}) before listening:\n${output}`));
      });
    });
    return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, cpuSeconds: () => cpuSecondsOf(child.pid!), stop: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let hooksInstalled = false;

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const killAll = () => {
    for (const child of running) child.kill('SIGKILL');
  };
  // 'exit' covers normal ends and uncaught errors; signals end the process without it.
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}
