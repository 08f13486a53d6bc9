import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeBlocks, shellScript } from './support/readme.ts';
import { startArena, type RunningArena } from './support/servers.ts';

const run = promisify(execFile);

/**
 * The README runs as written: every shell block but the one that installs and starts the arena,
 * in order, in one shell, against a fresh arena, from an empty folder. A command that fails, or
 * a request the arena refuses, fails the test; and the blocks leave no file behind. The docs'
 * pages are run the same way by docs.test.ts.
 */
describe('README.md, run as written', () => {
  let arena: RunningArena;
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'arena-readme-'));
    arena = await startArena('node', { ARENA_DATA_DIR: join(folder, '.data') });
  });
  afterAll(async () => {
    await arena?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('runs every block that talks to the arena, and leaves no file behind', async () => {
    const blocks = readmeBlocks();
    expect(blocks.filter((block) => !block.runs).map((block) => block.heading)).toEqual(['Quick start']);
    const runs = blocks.filter((block) => block.runs);
    expect(runs.map((block) => block.heading)).toEqual(['A first game', "Join today's league", 'Check a receipt without the arena']);
    const { stdout } = await run(
      'bash',
      [
        '-c',
        shellScript(
          runs.map((block) => block.code),
          arena.baseUrl,
        ),
      ],
      { cwd: folder, maxBuffer: 32 << 20 },
    );
    // The league submit was retained: the join was attempt 1, the submit attempt 2.
    expect(stdout).toContain('"remainingAttempts":8');
    // The run is verified offline.
    expect(stdout).toMatch(/\bvalid: a packet-run receipt signed \S+, as a Packet Run run; checked signature, kind, checksum, fields; unsigned: receipt\.jwks$/m);
    // What a reader's `node -pe` prints when the field it reads is not in the answer.
    expect(stdout).not.toMatch(/undefined$/m);
    expect((await readdir(folder)).sort()).toEqual(['.data']);
  }, 120_000);
});
