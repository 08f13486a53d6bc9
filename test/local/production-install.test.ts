import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
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
    expect(production.length).toBeGreaterThan(10);
    expect(production.filter((name) => TOOLCHAIN.test(name))).toEqual([]);
  });
});

// A real production install compiles better-sqlite3 from source (a minute on two cores), so the
// suite runs it where CI asks (`.ci/run` sets ARENA_TEST_PRODUCTION_INSTALL=1).
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

      const server = await spawnServer('npm start (production)', ['npm', 'start', '--silent'], { ARENA_DATA_DIR: join(folder, 'data') }, folder);
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      await server.stop();
      expect(await server.exited).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
