import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build as bundle } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { throwawayDatabase } from '../support/fixtures/throwaway-postgres.ts';
import { nodeExecutable } from '../support/node-versions.ts';
import { installPacked, packRepository } from '../support/packed-install.ts';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.ts';

/**
 * The package as a user gets it (issue 30, "Done when"): `npm pack` from the repository, the
 * tarball installed into an empty folder, and there the command, every entry point, and each
 * example of examples/ answering real requests, on Node, Bun, Deno and workerd alike.
 */
const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(REPOSITORY, 'node_modules/.bin', name);
const manifest = JSON.parse(await readFile(join(REPOSITORY, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
const ENTRY_POINTS = Object.keys(manifest.exports).map((path) => `agent-arena${path.slice(1)}`);

/** What each example needs beside the package, and the types the examples are checked with. */
const BESIDE = ['hono', '@hono/node-server', 'pg', '@types/pg', '@types/node', 'bun-types'];

/** A Packet Run on the classic board, its score known. */
const PLAY = '/api/games/packet-run/play?actions=UURRUURUURRRDUUR&agent=installed';

/**
 * A Node that runs the examples as they are written: TypeScript (22.18 and later strip the types)
 * and the embedded SQLite without a native addon (node:sqlite): this one, or the pinned Node 22.
 */
const stripsTypes = Boolean((process.features as { typescript?: string | false }).typescript);
const exampleNode = process.getBuiltinModule('node:sqlite') && stripsTypes ? process.execPath : nodeExecutable('22');

let work: string;
let tarball: string;
let project: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'arena-package-'));
  tarball = await packRepository(work);
  project = await installPacked(tarball, BESIDE);
  await cp(join(REPOSITORY, 'examples'), project, { recursive: true, filter: (source) => !source.includes('/forge') });
}, 300_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  if (project) await rm(project, { recursive: true, force: true });
});

const signingKey = () => encodeBase64Url(randomSeed());

/** How a command ends: its exit code, and what it said (stdout and stderr). */
async function exitOf(command: string, args: readonly string[], cwd = REPOSITORY): Promise<{ code: number; said: string }> {
  return run(command, args, { cwd, maxBuffer: 16 << 20 }).then(
    ({ stdout, stderr }) => ({ code: 0, said: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, said: `${error.stdout}${error.stderr}` }),
  );
}

/** Starts an example in the installed project and waits for the line that says where it listens. */
function startExample(name: string, argv: readonly string[], env: Record<string, string> = {}): Promise<SpawnedServer> {
  return spawnServer(name, argv, { ARENA_SIGNING_KEY: signingKey(), ARENA_DATABASE: join(project, `${name}.db`), ...env }, project);
}

/** The Packet Run played through `base`, and its score. */
async function playedAt(base: string): Promise<{ status: number; total: number; links: string }> {
  const answer = await fetch(`${base}${PLAY}`);
  const text = await answer.text();
  return { status: answer.status, total: (JSON.parse(text) as { breakdown: { total: number } }).breakdown.total, links: text };
}

describe('the packed tarball', () => {
  it('holds the built package, its README, licence and docs: no tests, fixtures, benchmarks or sources', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 << 20 });
    const files = stdout.split('\n').filter((line) => line !== '');
    expect(files.filter((file) => !/^package\/(dist\/|docs\/|README\.md$|LICENSE$|package\.json$)/.test(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith('package/dist/') && !/\.(js|d\.ts)$/.test(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith('package/dist/server/'))).toEqual([]);
    expect(files).toContain('package/README.md');
    if (existsSync(join(REPOSITORY, 'LICENSE'))) expect(files).toContain('package/LICENSE');
  });

  it('is clean by publint and by @arethetypeswrong/cli (ESM only: .attw.json)', async () => {
    const publint = await run(bin('publint'), ['run', tarball], { cwd: REPOSITORY });
    expect(publint.stdout).toContain('All good!');
    // attw exits 1 on any problem the profile counts, and the test with it.
    const attw = await run(bin('attw'), [tarball], { cwd: REPOSITORY, maxBuffer: 16 << 20 });
    expect(attw.stdout).toContain('"agent-arena/client"');
  }, 120_000);
});

describe('installed into an empty project', () => {
  it('runs `npx agent-arena --help`', async () => {
    const { stdout } = await run('npx', ['--no-install', 'agent-arena', '--help'], { cwd: project });
    expect(stdout).toContain('usage: agent-arena <command>');
  }, 60_000);

  it('imports every entry point on this Node, better-sqlite3 not installed', async () => {
    expect(ENTRY_POINTS).toHaveLength(11);
    const script = `for (const entry of ${JSON.stringify(ENTRY_POINTS)}) console.log(entry, Object.keys(await import(entry)).length);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    const counts = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.split(' ')),
    );
    expect(Object.keys(counts)).toEqual(ENTRY_POINTS);
    expect(Object.entries(counts).filter(([, count]) => Number(count) === 0)).toEqual([]);
    expect(existsSync(join(project, 'node_modules/better-sqlite3'))).toBe(false);
  }, 60_000);

  it('type-checks the examples against the installed declarations', async () => {
    const config = {
      compilerOptions: { target: 'es2022', module: 'nodenext', strict: true, noEmit: true, skipLibCheck: true, types: ['node', 'bun-types'], lib: ['es2023', 'dom'] },
      files: ['hono/server.ts', 'bun/server.ts', 'kysely-postgres/server.ts', 'workers/worker.ts'],
    };
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(config));
    expect(await exitOf(process.execPath, [join(REPOSITORY, 'node_modules/typescript-compiler/bin/tsc'), '-p', project])).toEqual({ code: 0, said: '' });
    expect(await exitOf(bin('deno'), ['check', '--quiet', 'deno/server.ts'], project)).toEqual({ code: 0, said: '' });
  }, 120_000);
});

describe('the examples, run from the installed package', () => {
  it.skipIf(exampleNode === undefined)(
    'Hono: its own routes, and the arena under /arena, every link under it',
    async () => {
      const server = await startExample('hono', [exampleNode!, 'hono/server.ts']);
      try {
        expect(await (await fetch(`${server.baseUrl}/`)).text()).toBe('My application. The arena is at /arena.');
        const played = await playedAt(`${server.baseUrl}/arena`);
        expect(played).toMatchObject({ status: 200, total: 76 });
        const games = (await (await fetch(`${server.baseUrl}/arena/api/games`)).json()) as { links?: Record<string, string> };
        expect(JSON.stringify(games)).toContain('/arena/api/games/packet-run');
        expect((await fetch(`${server.baseUrl}${PLAY}`)).status).toBe(404);
      } finally {
        await server.stop();
      }
      expect(await server.exited).toBe(0);
    },
    60_000,
  );

  it('Deno.serve: the installed package, imported by Deno', async () => {
    const server = await startExample('deno', [bin('deno'), 'run', '--allow-net', '--allow-env', '--allow-read', '--allow-write', 'deno/server.ts']);
    try {
      expect(await playedAt(server.baseUrl)).toMatchObject({ status: 200, total: 76 });
    } finally {
      await server.stop();
    }
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('Bun.serve: the installed package, imported by Bun', async () => {
    const server = await startExample('bun', [bin('bun'), 'bun/server.ts']);
    try {
      expect(await playedAt(server.baseUrl)).toMatchObject({ status: 200, total: 76 });
    } finally {
      await server.stop();
    }
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('a Worker over D1 (workerd, through miniflare): its own answer, and the arena under /arena', async () => {
    // workerd loads modules from below the working folder: test/.out/, as the Workers conformance bundle.
    const outfile = join(REPOSITORY, 'test/.out/installed-worker.js');
    await mkdir(join(REPOSITORY, 'test/.out'), { recursive: true });
    await bundle({
      entryPoints: [join(project, 'workers/worker.ts')],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      target: 'es2022',
      logLevel: 'silent',
    });
    const worker = new Miniflare({
      modules: true,
      scriptPath: outfile,
      compatibilityDate: '2026-04-01',
      compatibilityFlags: ['enable_request_signal'],
      bindings: { ARENA_SIGNING_KEY: signingKey(), ARENA_SECRET: signingKey() },
      d1Databases: ['DB'],
    });
    try {
      expect(await (await worker.dispatchFetch('http://worker.test/')).text()).toBe('My Worker. The arena is at /arena.');
      const played = await worker.dispatchFetch(`http://worker.test/arena${PLAY}`);
      expect(played.status).toBe(200);
      expect(((await played.json()) as { breakdown: { total: number } }).breakdown.total).toBe(76);
    } finally {
      await worker.dispose();
    }
  }, 60_000);

  const SERVER_URL = process.env.DATABASE_URL;
  if (!SERVER_URL) it.skip('its own Kysely instance on PostgreSQL: runs when DATABASE_URL is set (postgres://user@host:port/database)', () => {});
  else {
    it.skipIf(exampleNode === undefined)(
      'its own Kysely instance on PostgreSQL, served by agent-arena/node',
      async () => {
        const database = await throwawayDatabase(SERVER_URL);
        try {
          const server = await startExample('kysely-postgres', [exampleNode!, 'kysely-postgres/server.ts'], { DATABASE_URL: database.url });
          try {
            expect(await playedAt(server.baseUrl)).toMatchObject({ status: 200, total: 76 });
            expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
          } finally {
            await server.stop();
          }
          expect(await server.exited).toBe(0);
        } finally {
          await database.drop();
        }
      },
      60_000,
    );
  }
});
