import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIC_BOARD, type Board } from '../../core/games/packet-run/board.ts';
import { parseActionString } from '../../core/games/packet-run/parse.ts';
import { runTape } from '../../core/games/packet-run/rules.ts';
import { inProcessArena } from '../support/in-process-arena.ts';
import { REPOSITORY } from '../support/readme.ts';

const run = promisify(execFile);

/** `agent-arena …` as a reader runs it (bin/agent-arena.mjs), with `input` on stdin. */
function arena(args: string[], input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(REPOSITORY, 'bin/agent-arena.mjs'), ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}

const reachesExit = (board: Board, tape: string) => {
  const parsed = parseActionString(tape, 20);
  return parsed.ok && runTape(board, parsed.value).reachedExit;
};

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'arena-cli-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('agent-arena tape', () => {
  it('reads GET /api/league’s answer on stdin and prints a tape that reaches EXIT on its board', async () => {
    const { call } = await inProcessArena('2026-11-21T12:00:00Z');
    const league = (await call('/api/league')).body;
    const { code, stdout } = await arena(['tape'], JSON.stringify(league));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^[UDLR]{1,20}\n$/);
    expect(reachesExit(league.board, stdout.trim())).toBe(true);
  }, 60_000);

  it('reads a trial’s answer from a file, and answers scripts in JSON', async () => {
    const { call } = await inProcessArena('2026-11-21T12:00:00Z');
    const trial = (await call('/api/games/packet-run/trial')).body;
    const file = join(folder, 'trial.json');
    await writeFile(file, JSON.stringify(trial));
    const { code, stdout } = await arena(['tape', file, '--json']);
    expect(code).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer).toMatchObject({ reachesExit: true, actions: answer.tape.length });
    expect(reachesExit(trial.board, answer.tape)).toBe(true);
  }, 60_000);

  it('exits 1 where no tape reaches EXIT, and 2 with its usage for input it cannot read', async () => {
    const walledIn = { ...CLASSIC_BOARD, walls: [...CLASSIC_BOARD.walls, { x: 6, y: 0 }, { x: 7, y: 1 }] };
    const none = await arena(['tape', '--json'], JSON.stringify(walledIn));
    expect(none.code).toBe(1);
    expect(JSON.parse(none.stdout)).toEqual({ board: CLASSIC_BOARD.id, reachesExit: false, tape: null, actions: null });

    for (const [args, input] of [
      [['tape'], 'not json'],
      [['tape'], '{"board": {"width": 2}}'],
      [['tape', join(folder, 'missing.json')], ''],
      [['tape', '--unknown'], '{}'],
      [['nonsense'], ''],
      [['constructor'], ''],
    ] as const) {
      const refused = await arena([...args], input);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toContain('usage: agent-arena');
    }
    const help = await arena(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('agent-arena tape');
  }, 60_000);

  it('is what `npx agent-arena` runs at the repository root, with nothing to download', async () => {
    // As in a fresh clone: npx keeps its own link to the repository per path, with the bin names
    // it had when first run there, so an npm cache of its own.
    const { stdout } = await run('npx', ['--no-install', 'agent-arena', '--help'], { cwd: REPOSITORY, env: { ...process.env, npm_config_cache: join(folder, 'npm-cache') } });
    expect(stdout).toContain('usage: agent-arena <command>');
  }, 60_000);
});
