import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';

/** A real arena server under test, on one runtime. */
export interface RunningArena {
  runtime: Runtime;
  baseUrl: string;
  stop(): Promise<void>;
}

export type Runtime = 'node' | 'bun' | 'deno' | 'workers';
export const RUNTIMES: readonly Runtime[] = ['node', 'bun', 'deno', 'workers'];

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;

/** The command that starts each local runtime's adapter, exactly as the npm scripts do. */
export const COMMANDS: Record<Exclude<Runtime, 'workers'>, string[]> = {
  node: [process.execPath, '--import', 'tsx', 'adapters/node/main.ts'],
  bun: [bin('bun'), 'adapters/bun/main.ts'],
  deno: [bin('deno'), 'run', '--allow-net', '--allow-env', '--allow-read', '--allow-write', 'adapters/deno/main.ts'],
};

/**
 * Tests that start servers join and check in far more often than a real client would, so the
 * hourly budget of anonymous writes is off unless a test sets one (rate-limit.test.ts does).
 */
const TEST_DEFAULTS = { ARENA_ANONYMOUS_WRITES_PER_HOUR: '0' };

export function startArena(runtime: Runtime, env: Record<string, string>): Promise<RunningArena> {
  const withDefaults = { ...TEST_DEFAULTS, ...env };
  return runtime === 'workers' ? startWorkers(withDefaults) : startProcess(runtime, withDefaults);
}

/**
 * Starts an adapter on a free port and waits for the line that announces it. Without an
 * ARENA_DATA_DIR or DATABASE_URL of its own, it gets a fresh data folder, removed at stop.
 */
async function startProcess(runtime: Exclude<Runtime, 'workers'>, env: Record<string, string>): Promise<RunningArena> {
  const [command, ...args] = COMMANDS[runtime];
  const ownDataDir = env.ARENA_DATA_DIR || env.DATABASE_URL ? undefined : await mkdtemp(join(tmpdir(), `arena-${runtime}-`));
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(command!, args, {
    cwd: root,
    // A DATABASE_URL meant for CI's storage suite must not leak into servers that did not ask for it.
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1', ...(ownDataDir ? { ARENA_DATA_DIR: ownDataDir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${runtime} did not start within 60 s:\n${output}`)), 60_000);
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
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${runtime} exited with ${code} before listening:\n${output}`));
    });
  });
  const stop = async () => {
    await stopProcess(child);
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  };
  return { runtime, baseUrl: `http://127.0.0.1:${port}`, stop };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

let workerBundle: Promise<string> | undefined;

/** Bundles the Workers adapter once, as wrangler would, for workerd to load. */
export function bundleWorker(): Promise<string> {
  workerBundle ??= (async () => {
    const outfile = `${root}test/.out/worker.js`;
    await mkdir(`${root}test/.out`, { recursive: true });
    await build({
      entryPoints: [`${root}adapters/workers/worker.ts`],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      target: 'es2022',
      logLevel: 'silent',
    });
    return outfile;
  })();
  return workerBundle;
}

/** The Workers adapter in workerd, through miniflare, on a real HTTP port. */
async function startWorkers(env: Record<string, string>): Promise<RunningArena> {
  const miniflare = new Miniflare({
    modules: true,
    scriptPath: await bundleWorker(),
    compatibilityDate: '2026-04-01',
    bindings: env,
    d1Databases: ['DB'],
    host: '127.0.0.1',
    port: 0,
  });
  const url = await miniflare.ready;
  return { runtime: 'workers', baseUrl: url.origin, stop: () => miniflare.dispose() };
}
