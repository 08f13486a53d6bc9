import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, utimes } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nodeExecutable } from '../support/node-versions.ts';
import { spawnServer } from '../support/spawned-server.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** Packages that compile or run TypeScript: development tools, never part of a production install. */
const TOOLCHAIN = /^(typescript|typescript-compiler|tsx|esbuild|@typescript\/.*|@esbuild\/.*)$/;

describe('the production dependency set', () => {
  it('holds no TypeScript toolchain: `npm ci --omit=dev` installs none of it', async () => {
    const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; name?: string }> };
    // `npm ci --omit=dev` installs every locked package not flagged `dev` (an optional peer of a
    // production package is flagged `devOptional`, and installed).
    const production = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.dev !== true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(production.length).toBeGreaterThan(5);
    expect(production.filter((name) => TOOLCHAIN.test(name))).toEqual([]);
  });
});

/** Whether this Node has its own SQLite (22.13 and later), which the embedded default then uses. */
const hasNodeSqlite = process.getBuiltinModule('node:sqlite') !== undefined;

/** PATH with a Node that has node:sqlite first: this one, or the pinned Node 22. */
function pathToNodeWithSqlite(): string {
  const node = hasNodeSqlite ? process.execPath : nodeExecutable('22');
  if (node === undefined) throw new Error('no Node with node:sqlite: this Node is older than 22.13, and Node 22 is not pinned here');
  return `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`;
}

// A real production install takes a while on two cores, so the suite runs it where CI asks
// (`.ci/run` sets ARENA_TEST_PRODUCTION_INSTALL=1).
describe.runIf(process.env.ARENA_TEST_PRODUCTION_INSTALL === '1')('a production install', () => {
  it('`npm ci --omit=dev`, then `npm start` runs the built server on plain node', { timeout: 300_000 }, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'arena-production-'));
    try {
      const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 16 << 20 });
      for (const file of stdout.split('\n').filter((line) => line !== '' && existsSync(join(root, line)))) {
        await cp(join(root, file), join(folder, file));
      }
      // What an image's build stage hands its runtime stage.
      await cp(join(root, 'dist'), join(folder, 'dist'), { recursive: true });
      await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: folder, maxBuffer: 16 << 20 });
      for (const tool of ['typescript', 'typescript-compiler', 'tsx', 'esbuild', '@typescript', '@esbuild']) {
        expect(existsSync(join(folder, 'node_modules', tool)), tool).toBe(false);
      }
      // Optional peers, left to whoever needs them: nothing is compiled; pg is inside the built server.
      for (const optional of ['better-sqlite3', 'pg']) expect(existsSync(join(folder, 'node_modules', optional)), optional).toBe(false);

      // Where Node has no node:sqlite, the start says in one line what to install.
      if (!hasNodeSqlite) {
        const refused = await run('npm', ['start', '--silent'], { cwd: folder, env: { ...withoutDatabase(process.env), ARENA_DATA_DIR: join(folder, 'data') } }).catch(
          (error: { code: number; stderr: string }) => error,
        );
        expect((refused as { code: number }).code).toBe(1);
        const said = (refused as { stderr: string }).stderr
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { event: string });
        expect(said.filter((line) => line.event === 'failure')).toEqual([expect.objectContaining({ what: expect.stringContaining('install better-sqlite3') })]);
      }

      const onSqlite = { PATH: pathToNodeWithSqlite() };
      const server = await spawnServer('npm start (production)', ['npm', 'start', '--silent'], { ARENA_DATA_DIR: join(folder, 'data'), ...onSqlite }, folder);
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      await server.stop();
      expect(await server.exited).toBe(0);

      // Sources newer than dist/, and no esbuild to build it: it runs what was built, and says so
      // in a line as JSON as every other line it writes.
      const later = new Date(Date.now() + 60_000);
      await utimes(join(folder, 'core/arena.ts'), later, later);
      const stale = await spawnServer('npm start (stale dist)', ['npm', 'start', '--silent'], { ARENA_DATA_DIR: join(folder, 'data'), ...onSqlite }, folder);
      await stale.stop();
      const lines = stale
        .output()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { what?: string });
      expect(lines.some((line) => line.what?.startsWith('dist/ is older than its sources'))).toBe(true);
      // No dist/ at all: one JSON failure line, and exit code 1.
      await rm(join(folder, 'dist'), { recursive: true });
      const missing = await run('npm', ['start', '--silent'], { cwd: folder, env: { ...withoutDatabase(process.env), ARENA_DATA_DIR: join(folder, 'data') } }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect((missing as { code: number }).code).toBe(1);
      expect(JSON.parse((missing as { stderr: string }).stderr.trim())).toMatchObject({ event: 'failure', level: 'error', what: expect.stringContaining('dist/ is not built') });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

/** The environment without CI's DATABASE_URL: the start at hand is the embedded default's. */
function withoutDatabase({ DATABASE_URL: _, ...env }: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env;
}
