import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, readEnvironment } from '../adapters/configuration/read.ts';
import { DEFAULTS, VARIABLES } from '../adapters/configuration/variables.ts';
import { DRAIN_BOUND_MS, IDLE_GRACE_MS } from '../adapters/graceful-shutdown.ts';
import { BUILD_TOOLS, EXTERNAL } from '../scripts/build.mjs';
import { bundledDependencies } from '../scripts/build-deps.mjs';
import { nodeExecutable } from './support/node-versions.ts';
import { spawnServer, type SpawnedServer } from './support/spawned-server.ts';

/**
 * No container engine runs on these machines, so the Dockerfile and compose.yaml are never built
 * here. What can be checked without one is: what they say agrees with the code (the port, the
 * drain, the variables, the npm scripts), and the image's steps work when performed in folders of
 * their own, as its stages would (the build stage's install and build, the runtime stage's
 * copies, its command on Node 22 and its health check). Not checked: the base images, the
 * `node` user and /data's ownership, Docker's own handling of HEALTHCHECK, stop and env_file.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');
const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
const run = promisify(execFile);

interface Instruction {
  stage: number;
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments left out, each with its stage (0 for the first FROM). */
function dockerfile(): Instruction[] {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  let stage = -1;
  return lines.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    if (keyword!.toUpperCase() === 'FROM') stage++;
    return { stage, keyword: keyword!.toUpperCase(), args: rest.join(' ') };
  });
}

const instructions = dockerfile();
const RUNTIME = Math.max(...instructions.map((instruction) => instruction.stage));
const of = (keyword: string, stage = RUNTIME) =>
  instructions.filter((instruction) => instruction.keyword === keyword && instruction.stage === stage).map((instruction) => instruction.args);
/** The runtime stage's ENV, as name → value. */
const imageEnv = Object.fromEntries(of('ENV').flatMap((args) => [...args.matchAll(/([A-Z_]+)=(\S+)/g)].map((match) => [match[1]!, match[2]!])));
/** The exec-form command after HEALTHCHECK's options. */
const healthCommand = JSON.parse(of('HEALTHCHECK')[0]!.slice(of('HEALTHCHECK')[0]!.indexOf('CMD ') + 4)) as string[];
const command = JSON.parse(of('CMD')[0]!) as string[];

/** A COPY's sources and destination, and the stage it copies from (undefined: the build context). */
function copyOf(args: string): { from?: string; sources: string[]; destination: string } {
  const words = args.split(/\s+/);
  const from = words[0]!.startsWith('--from=') ? words.shift()!.slice('--from='.length) : undefined;
  return { ...(from ? { from } : {}), sources: words.slice(0, -1), destination: words.at(-1)! };
}

/** The command an npm script ends up running: its last `&&` step, through `npm run`/`npm start` and a shell's `exec`. */
function finalCommand(script: string): string[] {
  const words = script
    .split('&&')
    .at(-1)!
    .trim()
    .replace(/^exec\s+/, '')
    .split(/\s+/);
  if (words[0] === 'npm' && words[1] === 'start') return finalCommand(manifest.scripts.start!);
  if (words[0] === 'npm' && words[1] === 'run') return finalCommand(manifest.scripts[words[2]!]!);
  return words;
}

/** The build context: the repository's files (tracked, or new and not ignored) that .dockerignore lets through. */
async function buildContext(): Promise<string[]> {
  const patterns = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  expect(patterns.filter((pattern) => pattern.startsWith('!'))).toEqual([]);
  // Docker matches each pattern against the whole path from the context's root, and a folder's match takes its contents.
  const matchers = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*/g, '\u0000')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]')
          .replace(/\u0000/g, '.*')}(/|$)`,
      ),
  );
  const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 16 << 20 });
  return stdout.split('\n').filter((file) => file !== '' && existsSync(`${root}${file}`) && !matchers.some((matcher) => matcher.test(file)));
}

describe('the Dockerfile', () => {
  it('builds with only what the build needs: the manifests narrowed to it first, then npm ci and the servers’ build', () => {
    expect(of('FROM', 0)).toEqual(['node:22-bookworm-slim AS build']);
    expect(of('RUN', 0)).toEqual(['node scripts/build-deps.mjs && npm ci --ignore-scripts --no-audit --no-fund', 'node scripts/build.mjs --servers']);
    // The install sees only the manifests and the script that narrows them: its layer is reused while sources change.
    expect(of('COPY', 0)).toEqual(['package.json package-lock.json ./', 'scripts/build-deps.mjs scripts/build.mjs ./scripts/', '. .']);
  });

  it('runs on Node 22 with nothing installed and nothing compiled: no npm, no better-sqlite3', () => {
    expect(of('FROM')).toEqual(['node:22-bookworm-slim']);
    expect(of('RUN')).toEqual(['mkdir -p /data && chown node:node /data && chmod 0700 /data']);
    expect(EXTERNAL).toContain('better-sqlite3');
    expect(of('COPY').map(copyOf)).toEqual([
      { sources: ['package.json'], destination: './' },
      { from: 'build', sources: ['/app/dist'], destination: './dist' },
      { from: 'build', sources: ['/app/scripts/run-built.mjs', '/app/scripts/build.mjs'], destination: './scripts/' },
      { from: 'build', sources: ['/app/bin'], destination: './bin' },
    ]);
  });

  it('copies only what exists: each source in the build context, or built there', async () => {
    const context = await buildContext();
    const inContext = (path: string) => path === '.' || context.some((file) => file === path || file.startsWith(`${path}/`));
    for (const { stage, args } of instructions.filter((instruction) => instruction.keyword === 'COPY')) {
      const { from, sources } = copyOf(args);
      for (const source of sources) {
        const path = from ? source.replace(/^\/app\//, '') : source;
        // The build stage makes dist/; everything else comes from the context it copied whole.
        expect(inContext(path) || (from === 'build' && path === 'dist'), `stage ${stage}: COPY ${args}`).toBe(true);
      }
    }
    // The command (bin/) runs the scripts it copies, and they need nothing else of the sources.
    expect(read('bin/agent-arena.mjs')).toContain("'../scripts/run-built.mjs'");
    expect([...read('scripts/run-built.mjs').matchAll(/from '\.\/([^']+)'/g)].map((match) => match[1])).toEqual(['build.mjs']);
  });

  it('runs what npm start runs, as the unprivileged node user, its data in the /data volume', () => {
    expect(command).toEqual(['node', 'scripts/run-built.mjs', 'node']);
    expect(command).toEqual(finalCommand('npm start'));
    expect(of('USER')).toEqual(['node']);
    expect(of('VOLUME')).toEqual(['/data']);
    expect(imageEnv).toEqual({ NODE_ENV: 'production', PORT: String(DEFAULTS.PORT), HOST: DEFAULTS.HOST, ARENA_DATA_DIR: '/data' });
    expect(of('EXPOSE')).toEqual([String(DEFAULTS.PORT)]);
  });

  it('probes readiness with a health check that reads PORT and HOST as the server does', () => {
    expect(healthCommand).toEqual(['node', 'scripts/run-built.mjs', 'health-probe']);
    const probe = read('adapters/node/health-probe.ts');
    expect(probe).toContain('listenAddressOf(readEnvironment(process.env))');
    expect(read('adapters/configuration/local-settings.ts')).toContain('...listenAddressOf(config)');
    expect(probe).not.toMatch(/\b8787\b/);
  });
});

describe('the container files', () => {
  const compose = read('compose.yaml');

  it('keep secrets, databases and installed trees out of the build context', async () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', 'data', '*.db', '.dev.vars', '.env', '.env.*', '.wrangler']));
    const context = await buildContext();
    expect(context).toContain('scripts/build-deps.mjs');
    expect(context.filter((file) => /(^|\/)(\.env|keys\.json)|\.db$/.test(file))).toEqual([]);
  });

  it('compose the arena with PostgreSQL 16, started once it is ready, with no password committed', () => {
    expect(compose).toContain('image: postgres:16\n');
    expect(compose).toMatch(/test: \["CMD-SHELL", "pg_isready /);
    expect(compose).toMatch(/depends_on:\n\s+postgres:\n\s+condition: service_healthy/);
    expect(compose).toContain('DATABASE_URL: postgres://arena:${POSTGRES_PASSWORD:?');
    expect(compose).toContain('POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?');
    expect(compose).toContain('- arena-data:/data');
    expect(compose).toContain(`"${DEFAULTS.PORT}:${DEFAULTS.PORT}"`);
    // Every variable compose gives the arena is one it reads.
    const arena = compose.slice(compose.indexOf('  arena:'), compose.indexOf('  postgres:'));
    const given = [...arena.slice(arena.indexOf('environment:')).matchAll(/^ {6}([A-Z_]+):/gm)].map((match) => match[1]!);
    expect(given).toEqual(['DATABASE_URL']);
    expect(given.filter((name) => !(name in VARIABLES))).toEqual([]);
  });

  it('stop the arena with a grace longer than its drain', () => {
    const [, seconds] = /^ {4}stop_grace_period: (\d+)s$/m.exec(compose) ?? [];
    // The drain, then the connections idle at the stop, then the store closed: a few seconds more.
    expect(Number(seconds) * 1000).toBeGreaterThanOrEqual(DRAIN_BOUND_MS + IDLE_GRACE_MS + 10_000);
    expect(read('Dockerfile')).toContain(`up to ${DRAIN_BOUND_MS / 1000} s on SIGTERM`);
  });

  it('give the arena its operator token from .env, whose committed example holds no usable secret', async () => {
    expect(compose).toMatch(/^ {4}env_file:\n {6}- \.env\n/m);
    const { stdout: tracked } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '.env', '.env.example'], { cwd: root });
    expect(tracked.trim().split('\n')).toEqual(['.env.example']);
    const example = Object.fromEntries(
      read('.env.example')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(example)).toEqual(['POSTGRES_PASSWORD', 'ARENA_OPERATOR_TOKEN']);
    // Compose refuses an empty password (`:?`), the arena a token shorter than 32 characters.
    expect(example.POSTGRES_PASSWORD).toBe('');
    const { POSTGRES_PASSWORD: _, ...arenaSettings } = example;
    expect(() => readEnvironment(arenaSettings)).toThrow(ConfigurationError);
    expect(() => readEnvironment(arenaSettings)).toThrow(/^ARENA_OPERATOR_TOKEN must be at least 32 characters$/);
    for (const [, name] of read('.env.example').matchAll(/^# ?([A-Z_]+)=/gm)) expect(VARIABLES, name).toHaveProperty(name!);
  });
});

// The image's steps, performed: the build stage's install (offline where npm's cache holds the
// packages) and build, then the runtime stage's copies, its command and its health check on Node 22.
describe.skipIf(!nodeExecutable('22'))('the image, its steps performed in folders of their own', () => {
  const node22 = dirname(nodeExecutable('22') ?? '');
  let folder: string;
  let build: string;
  let runtime: string;
  /** The environment of a step: the image's Node first on the PATH. */
  const stepEnv = (extra: Record<string, string> = {}) => ({ PATH: `${node22}:${process.env.PATH}`, HOME: process.env.HOME!, npm_config_prefer_offline: 'true', ...extra });
  /** A stage's instructions in order, each COPY performed from `from` (the context, or the build stage's folder) into `into`, each RUN run there. */
  async function perform(stage: number, into: string, stages: Record<string, string>): Promise<void> {
    for (const { keyword, args } of instructions.filter((instruction) => instruction.stage === stage)) {
      if (keyword === 'COPY') {
        const { from, sources, destination } = copyOf(args);
        for (const source of sources) {
          const origin = from ? join(stages[from]!, source.replace(/^\/app\//, '')) : source === '.' ? undefined : join(root, source);
          if (origin === undefined) {
            for (const file of await buildContext()) await cp(join(root, file), join(into, file), { recursive: true });
            continue;
          }
          const target = destination.endsWith('/') ? join(into, destination, source.split('/').at(-1)!) : join(into, destination);
          await mkdir(dirname(target), { recursive: true });
          await cp(origin, target, { recursive: true });
        }
      }
      if (keyword === 'RUN' && stage !== RUNTIME) await run('sh', ['-c', args], { cwd: into, env: stepEnv(), maxBuffer: 16 << 20 });
    }
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'arena-image-'));
    build = join(folder, 'build');
    runtime = join(folder, 'runtime');
    await perform(0, build, {});
    await perform(RUNTIME, runtime, { build });
  }, 300_000);
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('installs for the build the production dependencies it bundles and its tools, nothing else', async () => {
    const installed = await readdir(join(build, 'node_modules'));
    for (const tool of BUILD_TOOLS) expect(installed, tool).toContain(tool);
    const bundled = Object.keys(bundledDependencies(manifest));
    for (const name of bundled) expect(installed, name).toContain(name.split('/')[0]);
    const unwanted = [...EXTERNAL, ...Object.keys(manifest.devDependencies).filter((name) => !BUILD_TOOLS.includes(name) && !bundled.includes(name))];
    expect(unwanted.filter((name) => existsSync(join(build, 'node_modules', name)))).toEqual([]);
    expect(existsSync(join(build, 'dist/server/node.js'))).toBe(true);
  });

  it('runs its command on Node 22 with no node_modules, healthy on the PORT it is given, unhealthy once stopped', async () => {
    expect(existsSync(join(runtime, 'node_modules'))).toBe(false);
    const port = await freePort();
    const data = join(folder, 'data');
    const env = { ...imageEnv, ...stepEnv(), PORT: String(port), ARENA_DATA_DIR: data };
    const probe = () =>
      run(healthCommand[0]!, healthCommand.slice(1), { cwd: runtime, env }).then(
        () => 0,
        (error: { code: number }) => error.code,
      );
    let server: SpawnedServer | undefined;
    try {
      server = await spawnServer('the image', command, env, runtime);
      expect(server.baseUrl).toBe(`http://127.0.0.1:${port}`);
      expect(server.output()).not.toContain('better-sqlite3');
      expect(await probe()).toBe(0);
      // The operator's commands run there too, on node:sqlite.
      const migrated = await run('npm', ['run', '--silent', 'migrate'], { cwd: runtime, env });
      expect(migrated.stdout).toMatch(/already at the latest schema/);
      const played = await run('node', ['bin/agent-arena.mjs', 'play', 'UURRDD', '--arena', server.baseUrl], { cwd: runtime, env });
      expect(played.stdout).toMatch(/^classic-benchmark: /);
    } finally {
      await server?.stop();
    }
    expect(await server!.exited).toBe(0);
    expect(await probe()).toBe(1);
  }, 120_000);
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
