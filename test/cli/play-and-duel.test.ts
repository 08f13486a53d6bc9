import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY } from '../support/readme.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

/** `agent-arena …` as a reader runs it, with `input` on stdin. */
function cli(args: string[], input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(REPOSITORY, 'bin/agent-arena.mjs'), ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}

let folder: string;
let arena: RunningArena;
let jwks: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'arena-cli-play-'));
  arena = await startArena('node', { ARENA_DATA_DIR: join(folder, 'data') });
  jwks = join(folder, 'jwks.json');
  await writeFile(jwks, await (await fetch(`${arena.baseUrl}/.well-known/jwks.json`)).text());
});
afterAll(async () => {
  await arena?.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('agent-arena play and agent-arena duel', () => {
  it('plays the classic board and a signed trial, each result verifiable offline', async () => {
    const classic = await cli(['play', 'UURRUURUURRRDUUR', '--agent', 'cli-bot', '--arena', arena.baseUrl]);
    expect(classic.code, classic.stderr).toBe(0);
    expect(classic.stdout).toMatch(/^classic-benchmark: 76 points, reached EXIT, benchmark OBSIDIAN; receipt sha256:[0-9a-f]{64}\n$/);

    const trial = await cli(['play', '--trial', '--arena', arena.baseUrl, '--json']);
    expect(trial.code, trial.stderr).toBe(0);
    expect(JSON.parse(trial.stdout)).toMatchObject({ mode: 'signed-trial', reachedExit: true, registrationCapability: { token: expect.any(String) } });
    expect((await cli(['verify', '--jwks', jwks], trial.stdout)).code).toBe(0);

    const refused = await cli(['play', 'XYZ', '--arena', arena.baseUrl]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('answered 400');
  }, 60_000);

  it('runs a duel in three steps, the commitment made locally, and its receipt verifies', async () => {
    const invite = await cli(['duel', 'invite', '--moves', 'RPSSPRRSPPSR', '--challenger', 'alice', '--arena', arena.baseUrl, '--json']);
    expect(invite.code, invite.stderr).toBe(0);
    const invited = JSON.parse(invite.stdout);
    expect(invited).toMatchObject({ moves: 'RPSSPRRSPPSR', commitment: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: expect.stringMatching(/^[0-9a-f]{32}$/) });

    const respond = await cli(['duel', 'respond', invited.inviteToken, '--moves', 'SRPPRSSPRRPS', '--responder', 'bob', '--arena', arena.baseUrl, '--json']);
    expect(respond.code, respond.stderr).toBe(0);
    const { responseToken } = JSON.parse(respond.stdout);

    const reveal = await cli(['duel', 'reveal', responseToken, '--moves', invited.moves, '--nonce', invited.nonce, '--arena', arena.baseUrl, '--json']);
    expect(reveal.code, reveal.stderr).toBe(0);
    const result = JSON.parse(reveal.stdout);
    expect(result.outcome).toMatch(/^(challenger-wins|responder-wins|draw)$/);
    const verified = await cli(['verify', '--jwks', jwks, '--json'], result.receipt.token);
    expect(JSON.parse(verified.stdout)).toMatchObject({ valid: true, game: 'triad-duel' });

    // A reveal with other moves than were committed to is refused by the arena.
    const cheat = await cli(['duel', 'reveal', responseToken, '--moves', 'SSSSRRRRPPPP', '--nonce', invited.nonce, '--arena', arena.baseUrl]);
    expect(cheat.code).toBe(1);
    expect(cheat.stderr).toContain('answered 400');
    for (const args of [['duel'], ['duel', 'invite'], ['duel', 'invite', '--moves', 'RRRR'], ['duel', 'reveal', responseToken, '--moves', 'RPSSPRRSPPSR']]) {
      const refused = await cli([...args, '--arena', arena.baseUrl]);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toContain('usage: agent-arena duel');
    }
  }, 60_000);
});
