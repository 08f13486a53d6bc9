import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../core/games/packet-run/board.ts';
import { bestRun } from '../core/games/packet-run/solver.ts';
import { MIGRATION_COUNT } from './support/migration-count.ts';
import { atOrigin, BLOCK_LANGUAGES, docFiles, docText, markdownBlocks, REPOSITORY, shellScript, type DocBlock } from './support/readme.ts';
import { startArena, type RunningArena } from './support/servers.ts';

const run = promisify(execFile);

/**
 * Every shell, JavaScript and TypeScript block in docs/ runs as written, as the README's do
 * (readme.test.ts): a page's shell blocks in order, in one shell, against an arena, from a folder
 * that holds only what the repository's root would give them (`examples/`, the arena's data
 * folder), with the environment an operator gave that arena (its data folder, its operator
 * token). A command that fails, or a request the arena refuses, fails the test. A TypeScript
 * block is type-checked strictly and then run; a JavaScript block is run. Only blocks that
 * install or start something the test machines cannot (listed here with the reason each states)
 * are not run.
 */

/** The blocks that are not run, each with the reason it states beside it. Keep this list short. */
const NOT_RUN = [
  { file: 'README.md', heading: 'Quick start', reason: 'it installs and starts the arena the other blocks talk to, then runs the whole suite' },
  { file: 'docs/embedding.md', heading: 'Install', reason: 'it installs the package from the registry' },
  { file: 'docs/running.md', heading: 'Running in production', reason: 'it installs and starts the arena (CI runs a production install)' },
  { file: 'docs/running.md', heading: 'Containers', reason: 'it needs a container engine, which the test machines do not have' },
  { file: 'docs/running.md', heading: 'Containers', reason: 'it needs a container engine, which the test machines do not have' },
  { file: 'docs/running.md', heading: 'A cluster', reason: 'it needs a container engine, which the test machines do not have' },
  { file: 'docs/running.md', heading: 'A cluster', reason: 'it needs a container engine, which the test machines do not have' },
  { file: 'docs/running.md', heading: 'Workers', reason: 'it needs a Cloudflare account' },
  { file: 'docs/running.md', heading: 'Workers', reason: 'test/local/workers-deploy.test.ts runs it, into a folder of its own' },
  { file: 'docs/running.md', heading: 'Upgrades', reason: 'it installs the arena' },
  { file: 'docs/running.md', heading: 'A rolling upgrade (PostgreSQL)', reason: 'test/cluster/rolling-upgrade.test.ts runs it, under load' },
  { file: 'docs/running.md', heading: 'Backups', reason: 'it needs a Cloudflare account (test/backups/backup-restore.test.ts runs it with --local)' },
];

/** Pages whose commands continue from another page's, which they say and link to. */
const CONTINUES_FROM: Record<string, string> = {
  'docs/protocol/keys.md': 'docs/protocol/league.md',
  'docs/protocol/clubhouse.md': 'docs/protocol/league.md',
  'docs/protocol/rules-desk.md': 'docs/protocol/league.md',
};

/** What some pages' commands must print, beyond running without a failure. */
const PRINTS: Record<string, RegExp[]> = {
  'docs/running.md': [
    /\{"status":"ok"\}/,
    new RegExp(`\\{"status":"ready","migrations":${MIGRATION_COUNT}\\}`),
    /already at the latest schema/,
    /\barena_build_info\{version="[^"]+",protocol="svc-arena\/0\.1",runtime="node"\} 1$/m,
    /^ok$/m,
  ],
  'docs/protocol/triad-duel.md': [/^true$/m],
  'docs/protocol/state-forge.md': [/^true$/m],
  'docs/protocol/evidence.md': [
    /\bvalid: a packet-run receipt signed \S+, as a Packet Run run; checked signature, kind, checksum, fields; unsigned: receipt\.jwks$/m,
    /"valid":true/,
  ],
  'docs/protocol/idempotency.md': [/\bidempotency-replayed: true\r?$/im],
  'docs/protocol/league.md': [/"remainingAttempts":8/],
  'docs/protocol/rules-desk.md': [/"status":"under-review"/],
  'docs/protocol/events.md': [/\{"kind":"stream\.opened","id":0,"kinds":\["arrival\.recorded"\]/, /^\{"id":\d+,"kind":"arrival\.recorded"/m],
  'docs/protocol/mcp.md': [/\bpacket_run\.play\b/, /"structuredContent":\{"game":"packet-run"/],
  'docs/agents.md': [/^[a-z-]+: \S/m, /^rotated: key 1 made \S+, kept in \S+; the key it replaces is refused from now on$/m],
};

/** What each JavaScript and TypeScript block prints, by its file and heading. */
const SCRIPT_PRINTS: Record<string, RegExp> = {
  'docs/protocol/evidence.md#Receipts': /^true\n$/,
  'docs/agents.md#The typed client': /^76 sha256:[0-9a-f]{64}\n-?\d+ 8\n404 not-found\n$/,
  'docs/embedding.md#A first arena in your program': /^200 3\n$/,
};

const OPERATOR_TOKEN = 'docs-operator-token-0123456789abcdef';
const pages = docFiles().filter((file) => file !== 'README.md');
const blocksOf = (file: string, language: string) => markdownBlocks(file).filter((block) => block.language === language && block.runs);
const shellPages = pages.filter((file) => blocksOf(file, 'sh').length > 0);
/** A reader's sessions: each page that continues no other, followed by the pages that continue it. */
const sessions = shellPages.filter((file) => !CONTINUES_FROM[file]).map((file) => [file, ...shellPages.filter((later) => CONTINUES_FROM[later] === file)]);
const scripts = pages.flatMap((file) => [...blocksOf(file, 'js'), ...blocksOf(file, 'ts')]);
const key = (block: DocBlock) => `${block.file}#${block.heading}`;

/**
 * One arena for every page, as a reader has one: the pages' commands are written to run on the
 * same arena in any order (their handles differ, and none counts on records of another's).
 * Its data folder is in the reader's folder, as `npm start`'s is in the repository's.
 */
let folder: string;
let arena: RunningArena;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'arena-docs-'));
  await symlink(join(REPOSITORY, 'examples'), join(folder, 'examples'));
  arena = await startArena('node', { ARENA_DATA_DIR: join(folder, 'data'), ARENA_OPERATOR_TOKEN: OPERATOR_TOKEN });
});
afterAll(async () => {
  await arena?.stop();
  await rm(folder, { recursive: true, force: true });
});

/** The environment a reader's shell has: the operator's settings for the arena, nothing of the test run's own. */
function readerEnvironment(): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ARENA_') && name !== 'DATABASE_URL'));
  return { ...inherited, ARENA_DATA_DIR: join(folder, 'data'), ARENA_OPERATOR_TOKEN: OPERATOR_TOKEN, XDG_CONFIG_HOME: join(folder, 'config') };
}

describe('the code blocks of the docs', () => {
  it('are each in a known language, and each runs unless it says why not', () => {
    const blocks = docFiles().flatMap(markdownBlocks);
    expect(blocks.filter((block) => !(BLOCK_LANGUAGES as readonly string[]).includes(block.language)).map(key)).toEqual([]);
    expect(blocks.filter((block) => !block.runs).map(({ file, heading, reason }) => ({ file, heading, reason }))).toEqual(NOT_RUN);
  });

  it('has an expectation for every script, and every expectation names a page that has one', () => {
    expect(scripts.map(key).sort()).toEqual(Object.keys(SCRIPT_PRINTS).sort());
    for (const file of [...Object.keys(PRINTS), ...Object.keys(CONTINUES_FROM)]) expect(shellPages, file).toContain(file);
  });

  it('link only to files and headings that exist', () => {
    /** A heading's anchor, as GitHub makes it. */
    const anchor = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
    // Headings outside the fenced blocks, whose lines may start with a shell comment's `#`.
    const anchors = (file: string) =>
      [
        ...docText(file)
          .replace(/^\s*```[\s\S]*?^\s*```$/gm, '')
          .matchAll(/^#{1,6} (.+)$/gm),
      ].map(([, heading]) => anchor(heading!));
    const broken: string[] = [];
    for (const file of docFiles()) {
      for (const [, target] of docText(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, fragment] = target!.split('#') as [string, string | undefined];
        const linked = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path));
        if (!existsSync(join(REPOSITORY, linked))) broken.push(`${file}: ${target}`);
        else if (fragment !== undefined && !anchors(linked).includes(fragment)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('says so where a page continues from another, and links to it', () => {
    for (const [file, earlier] of Object.entries(CONTINUES_FROM)) {
      expect(docText(file), file).toContain(`](${earlier.split('/').pop()}`);
      expect(CONTINUES_FROM[earlier], `${earlier} continues from a page itself`).toBeUndefined();
    }
  });
});

// Several sessions at once: most of their time is spent waiting on the arena and on processes.
describe.concurrent('the shell blocks of docs/, run as written', () => {
  it.each(sessions.map((session) => [session.join(', then '), session] as const))(
    '%s',
    async (_, session) => {
      const script = shellScript(
        session.flatMap((file) => blocksOf(file, 'sh')).map((block) => block.code),
        arena.baseUrl,
      );
      const { stdout } = await run('bash', ['-c', script], { cwd: folder, env: readerEnvironment(), maxBuffer: 32 << 20 });
      for (const file of session) for (const printed of PRINTS[file] ?? []) expect(stdout, file).toMatch(printed);
      // What a reader's `node -pe` prints when the field it reads is not in the answer.
      expect(stdout).not.toMatch(/undefined$/m);
    },
    120_000,
  );
});

describe('the JavaScript and TypeScript blocks of the docs', () => {
  const work = join(REPOSITORY, 'test/.out/docs-scripts');
  const fileOf = (block: DocBlock) => join(work, `${scripts.indexOf(block)}-${block.heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${block.language === 'ts' ? 'ts' : 'mjs'}`);

  beforeAll(async () => {
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    // Inside the repository, so `agent-arena` resolves to this package as it does in a project that installed it.
    const config = { extends: join(REPOSITORY, 'tsconfig.base.json'), compilerOptions: { lib: ['es2024', 'dom', 'dom.iterable'], types: ['node'] }, include: ['*.ts'] };
    await writeFile(join(work, 'tsconfig.json'), JSON.stringify(config, null, 2));
    for (const block of scripts) await writeFile(fileOf(block), atOrigin(block.code, arena.baseUrl));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('type-check in strict mode', async () => {
    const checked = await run(process.execPath, [join(REPOSITORY, 'node_modules/.bin/tsc'), '-p', work], { cwd: work }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(checked).toBe('');
  }, 120_000);

  // A script that joins the league is given today's entry ticket, as its comment says a reader gives it.
  it.each(scripts.map((block) => [key(block), block] as const))(
    '%s runs and prints what it says',
    async (_, block) => {
      const { board } = (await (await fetch(`${arena.baseUrl}/api/league`)).json()) as { board: Board };
      const tape = bestRun(board)!.tape.join('');
      const { stdout } = await run(join(REPOSITORY, 'node_modules/.bin/tsx'), ['--tsconfig', join(work, 'tsconfig.json'), fileOf(block), tape], {
        cwd: work,
        env: readerEnvironment(),
      });
      expect(stdout).toMatch(SCRIPT_PRINTS[key(block)]!);
    },
    60_000,
  );
});
