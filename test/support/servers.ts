import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { spawnServer } from './spawned-server.ts';

/** A real arena server under test, on one runtime. */
export interface RunningArena {
  runtime: Runtime;
  /** Where the arena is: its origin, and the base path it is served under (`ARENA_BASE_PATH`) when it has one. */
  baseUrl: string;
  /** Everything the server has logged so far (a process's stdout and stderr, workerd's log lines). */
  output(): string;
  stop(): Promise<void>;
}

export type Runtime = 'node' | 'bun' | 'deno' | 'workers';
export const RUNTIMES: readonly Runtime[] = ['node', 'bun', 'deno', 'workers'];

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;

/** The command that starts each local runtime's adapter, exactly as the npm scripts do. */
export const COMMANDS: Record<Exclude<Runtime, 'workers'>, string[]> = {
  node: [process.execPath, 'scripts/run-built.mjs', 'node'],
  bun: [bin('bun'), 'adapters/bun/main.ts'],
  deno: [bin('deno'), 'run', '--allow-net', '--allow-env', '--allow-read', '--allow-write', 'adapters/deno/main.ts'],
};

/** The runtime's command; for Node, on another Node line's executable when one is given. */
export function commandFor(runtime: Exclude<Runtime, 'workers'>, nodeExecutable?: string): readonly string[] {
  return runtime === 'node' && nodeExecutable ? [nodeExecutable, ...COMMANDS.node.slice(1)] : COMMANDS[runtime];
}

/**
 * Tests that start servers join and check in far more often than a real client would, so the
 * hourly budget of anonymous writes is off unless a test sets one (rate-limit.test.ts does);
 * and they stay quiet, writing no request lines, unless a test asks (request-log.test.ts does).
 */
const TEST_DEFAULTS = { ARENA_ANONYMOUS_WRITES_PER_HOUR: '0', ARENA_LOG_LEVEL: 'warn' };

/** Starts the arena on `runtime`; Node on `nodeExecutable` when given (another Node line). */
export async function startArena(runtime: Runtime, env: Record<string, string>, nodeExecutable?: string): Promise<RunningArena> {
  const withDefaults = { ...TEST_DEFAULTS, ...env };
  const arena = runtime === 'workers' ? await startWorkers(withDefaults) : await startProcess(runtime, withDefaults, nodeExecutable);
  return { ...arena, baseUrl: `${arena.baseUrl}${env.ARENA_BASE_PATH ?? ''}` };
}

/**
 * Starts an adapter on a free port and waits for the line that announces it. Without an
 * ARENA_DATA_DIR or DATABASE_URL of its own, it gets a fresh data folder, removed at stop.
 */
async function startProcess(runtime: Exclude<Runtime, 'workers'>, env: Record<string, string>, nodeExecutable?: string): Promise<RunningArena> {
  const ownDataDir = env.ARENA_DATA_DIR || env.DATABASE_URL ? undefined : await mkdtemp(join(tmpdir(), `arena-${runtime}-`));
  const server = await spawnServer(runtime, commandFor(runtime, nodeExecutable), { ...(ownDataDir ? { ARENA_DATA_DIR: ownDataDir } : {}), ...env });
  const stop = async () => {
    await server.stop();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  };
  return { runtime, baseUrl: server.baseUrl, output: server.output, stop };
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
  const logged: string[] = [];
  const miniflare = new Miniflare({
    modules: true,
    scriptPath: await bundleWorker(),
    compatibilityDate: '2026-04-01',
    // As wrangler.toml sets it.
    compatibilityFlags: ['enable_request_signal'],
    bindings: env,
    d1Databases: ['DB'],
    host: '127.0.0.1',
    port: 0,
    structuredWorkerdLogs: true,
    handleStructuredLogs: ({ message }: { message: string }) => void logged.push(message),
  });
  const url = await miniflare.ready;
  return { runtime: 'workers', baseUrl: url.origin, output: () => logged.join('\n'), stop: () => miniflare.dispose() };
}
