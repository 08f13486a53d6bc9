import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, isStale } from '../../scripts/build.mjs';
import { compared, medianRow, type BenchCase, type Row } from '../case.ts';
import { BUN, DENO, DENO_RUN } from '../child-server.ts';
import { runLoad } from '../load.ts';
import { treeRssMb } from '../rss.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTS = 4;
const PLAY_PATH = '/api/games/packet-run/play?actions=UURRUURUURRRDUUR';
const LOAD = { connections: 10, warmupSeconds: 1, durationSeconds: 3 };

/**
 * How the server is started: on Node as `npm start` does now and as it did before dist/, and on
 * Bun and Deno as their npm scripts do.
 */
const WAYS = {
  built: { label: 'node dist/server/node.js (npm start now)', executable: process.execPath, args: ['scripts/run-built.mjs', 'node'] },
  tsx: { label: 'tsx adapters/node/main.ts (npm start before)', executable: process.execPath, args: [`${ROOT}node_modules/tsx/dist/cli.mjs`, 'adapters/node/main.ts'] },
  bun: { label: 'bun adapters/bun/main.ts (npm run start:bun)', executable: BUN, args: ['adapters/bun/main.ts'] },
  deno: { label: 'deno run adapters/deno/main.ts (npm run start:deno)', executable: DENO, args: [...DENO_RUN, 'adapters/deno/main.ts'] },
} as const;
type Way = keyof typeof WAYS;
/** Every way once a round, in a rotated order, so each holds each position equally often. */
const ORDER: readonly Way[] = Array.from({ length: STARTS }, (_, round) => {
  const ways: Way[] = ['built', 'tsx', 'bun', 'deno'];
  return [...ways.slice(round), ...ways.slice(0, round)];
}).flat();

interface Start {
  /** From spawning the process to the first 200 from /readyz. */
  readyMs: number;
  /** Resident memory of the whole process tree (tsx runs the server in a child of its own). */
  idleMb: number;
  loadedMb: number;
}

export const startUpCase: BenchCase = {
  name: 'start-up',
  about: `
What an operator waits for and pays for on a first start. Each start is a fresh process on a
fresh data folder (so it creates its key file and migrates a new SQLite database), timed from
spawn to the first \`200\` from \`GET /readyz\`; then the resident memory of the whole process
tree (read from /proc) once idle, and again right after ${LOAD.durationSeconds} s of load (${LOAD.connections} connections on
\`GET ${PLAY_PATH}\`). On Node the baseline is the same server started as \`npm start\` started it
before it was compiled: \`tsx adapters/node/main.ts\`, which compiles TypeScript as it loads and
runs the server in a second node process. Bun and Deno run the same sources with their adapters,
as \`npm run start:bun\` and \`npm run start:deno\` do, each compared with Node's built server.
${STARTS} starts of each, in rotated rounds; figures are medians, ratios the median of the ratios
within a round. npm's own process (about 60 MB, in front of any) is left out.`,
  async run() {
    if (await isStale()) await build();
    const starts: Record<Way, Start[]> = { built: [], tsx: [], bun: [], deno: [] };
    for (const way of ORDER) starts[way].push(await measureStart(way));
    const row = (way: Way, label: string, unit: string, figure: (start: Start) => number, note?: string): Row => {
      return medianRow(label, unit, starts[way].map(figure), note);
    };
    const against = (way: Way, baseline: Way) => (label: string, unit: string, figure: (start: Start) => number) =>
      compared(row(way, `${label}, ${WAYS[way].label}`, unit, figure), row(baseline, `${label}, ${WAYS[baseline].label}`, unit, figure));
    return [against('built', 'tsx'), against('bun', 'built'), against('deno', 'built')].flatMap((pair) => [
      pair('spawn to /readyz 200', 'ms', (s) => s.readyMs),
      pair('RSS idle', 'MB', (s) => s.idleMb),
      pair('RSS after load', 'MB', (s) => s.loadedMb),
    ]);
  },
};

async function measureStart(way: Way): Promise<Start> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(WAYS[way].executable, WAYS[way].args, {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', ARENA_DATA_DIR: dataDir, ARENA_LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await untilReady(`${origin}/readyz`, () => child.exitCode !== null);
    const readyMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleMb = treeRssMb(child.pid!);
    await runLoad(origin + PLAY_PATH, LOAD);
    const loadedMb = treeRssMb(child.pid!);
    return { readyMs, idleMb, loadedMb };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function untilReady(url: string, exited: () => boolean): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline && !exited()) {
    const ok = await fetch(url).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} was not ready within 30 s${exited() ? ' (the server exited)' : ''}`);
}
