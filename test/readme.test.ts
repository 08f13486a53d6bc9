import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOrigin, readmeBlocks, readmeScript, REPOSITORY } from './support/readme.ts';
import { startArena, type RunningArena } from './support/servers.ts';

const run = promisify(execFile);

/**
 * The README runs as written: every shell block but those that install and start the arena,
 * in order, in one shell, against a fresh arena, from a folder that holds only what the
 * repository's root would give them (`examples/`). A command that fails, or a request the
 * arena refuses, fails the test; and the blocks leave no file behind.
 */
describe('README.md, run as written', () => {
  let arena: RunningArena;
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'arena-readme-'));
    await symlink(join(REPOSITORY, 'examples'), join(folder, 'examples'));
    arena = await startArena('node', { ARENA_DATA_DIR: join(folder, '.data') });
  });
  afterAll(async () => {
    await arena?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('runs every block that talks to the arena, and leaves no file behind', async () => {
    const blocks = readmeBlocks();
    expect(blocks.filter((block) => !block.runs).map((block) => block.heading)).toEqual(['Quick start', 'Live events', 'Running in production']);
    const runs = blocks.filter((block) => block.runs);
    expect(runs.map((block) => block.heading)).toEqual(
      expect.arrayContaining([
        'Play Packet Run',
        'A worked Triad Duel',
        'A worked State Forge game',
        'Join the Daily Packet League',
        'Clubhouse, Rules Desk and Arrival Hall',
        'Verify a receipt without calling the arena again',
      ]),
    );
    const { stdout } = await run('bash', ['-c', readmeScript(runs.map((block) => block.code), arena.baseUrl)], { cwd: folder, maxBuffer: 32 << 20 });
    // The duel and the State Forge play each end by verifying their receipt; a run is verified offline.
    expect(stdout.match(/^true$/gm)).toHaveLength(2);
    expect(stdout).toMatch(/valid: a packet-run receipt signed \S+, as a Packet Run run; checked signature, kind, checksum, fields; unsigned: receipt\.jwks$/m);
    // The league submit was retained: the answer names its attempt.
    expect(stdout).toContain('"remainingAttempts":8');
    expect((await readdir(folder)).sort()).toEqual(['.data', 'examples']);
  }, 120_000);

  it('verifies a receipt with the JavaScript it shows, and jose and canonicalize alone', async () => {
    const [script] = readmeBlocks('js');
    expect(script?.heading).toBe('Verify a receipt without calling the arena again');
    // From the repository's root, where its own jose and canonicalize are installed.
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', atOrigin(script!.code, arena.baseUrl)], { cwd: REPOSITORY });
    expect(stdout.trim()).toBe('true');
  });
});
