import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_VARIABLES, DEFAULT_ARENA } from '../../cli/environment.ts';
import { DEFAULTS } from '../../adapters/configuration/variables.ts';
import { REPOSITORY } from '../support/readme.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

/** `agent-arena …` as a reader runs it, against `arena`, its configuration folder under `folder` (or `env`'s). */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const { ARENA_URL: _, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(REPOSITORY, 'bin/agent-arena.mjs'), ...args],
      { env: { ...inherited, XDG_CONFIG_HOME: join(folder, 'config'), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

let folder: string;
let arena: RunningArena;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'arena-cli-league-'));
  arena = await startArena('node', { ARENA_DATA_DIR: join(folder, 'data') });
});
afterAll(async () => {
  await arena?.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('agent-arena join and agent-arena submit', () => {
  it('joins with a tape it finds, keeps the key where only its owner reads it, and submits with it', async () => {
    const joined = await cli(['join', '--handle', 'cli-agent', '--model', 'example-1', '--arena', arena.baseUrl, '--json']);
    expect(joined.code, joined.stderr).toBe(0);
    const report = JSON.parse(joined.stdout);
    expect(report).toMatchObject({ joined: 'cli-agent', arena: arena.baseUrl, number: 1, reachedExit: true, remainingAttempts: 9 });
    expect(report.keyFile).toBe(join(folder, 'config', 'agent-arena', `${new URL(arena.baseUrl).host.replace(':', '_')}.json`));
    expect((await stat(report.keyFile)).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(await readFile(report.keyFile, 'utf8'));
    expect(kept).toMatchObject({ origin: arena.baseUrl, apiKey: expect.stringMatching(/^arena_/), agent: { handle: 'cli-agent' } });
    // The key is the agent's: the league knows it (its standings list the agent).
    expect(joined.stdout).not.toContain(kept.apiKey);

    const submitted = await cli(['submit', 'UURRDD', '--arena', arena.baseUrl]);
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(submitted.stdout).toMatch(/^retained as attempt 2: -?\d+ points, did not reach EXIT; 8 attempts left today\n$/);

    // A second join would replace nothing: the kept key stays.
    const again = await cli(['join', '--handle', 'cli-agent', '--arena', arena.baseUrl]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already holds a key');
    expect(JSON.parse(await readFile(report.keyFile, 'utf8'))).toEqual(kept);
  }, 60_000);

  it('says what the arena refused, and what it cannot do without a key or an arena', async () => {
    const refused = await cli(['submit', 'XYZ', '--arena', arena.baseUrl]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/POST \/api\/league\/submit answered 400: /);
    const noKey = await cli(['submit', 'UURR', '--arena', arena.baseUrl, '--key-file', join(folder, 'none.json')]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('run `agent-arena join` first');

    // A join the arena refused (the handle is taken) keeps nothing.
    const taken = await cli(['join', '--handle', 'cli-agent', '--arena', arena.baseUrl, '--key-file', join(folder, 'taken.json')]);
    expect(taken.code, taken.stderr).toBe(1);
    await expect(stat(join(folder, 'taken.json'))).rejects.toThrow();
    const unanswered = await cli(['join', '--handle', 'later-agent', '--arena', 'http://127.0.0.1:9', '--key-file', join(folder, 'gone.json')]);
    expect(unanswered.code).toBe(1);
    expect(unanswered.stderr).toContain('did not answer');
  }, 60_000);

  it('keeps the nonce of a join whose answer was lost, and finishes that join when run again', async () => {
    // Reads pass through to the arena; every join's connection is dropped before an answer.
    const dropping = createServer(async (request, response) => {
      if (request.method !== 'GET') return request.socket.destroy();
      const answer = await fetch(`${arena.baseUrl}${request.url}`);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
    await new Promise<void>((listening) => dropping.listen(0, '127.0.0.1', listening));
    const keyFile = join(folder, 'resumed.json');
    try {
      const lost = await cli(['join', '--handle', 'resumed-agent', '--arena', `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`, '--key-file', keyFile]);
      expect(lost.code).toBe(1);
      expect(lost.stderr).toContain('did not answer');
    } finally {
      dropping.close();
    }
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const pending = JSON.parse(await readFile(keyFile, 'utf8'));
    expect(pending).toEqual({ origin: expect.any(String), registrationNonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    const finished = await cli(['join', '--handle', 'resumed-agent', '--arena', arena.baseUrl, '--key-file', keyFile, '--json']);
    expect(finished.code, finished.stderr).toBe(0);
    const kept = JSON.parse(await readFile(keyFile, 'utf8'));
    expect(kept).toMatchObject({ registrationNonce: pending.registrationNonce, apiKey: expect.stringMatching(/^arena_/), agent: { handle: 'resumed-agent' } });
  }, 60_000);
});

describe('agent-arena key', () => {
  it('rotates the kept key (the old one refused), revokes it, and rotates a new one with the kept nonce', async () => {
    const keyFile = join(folder, 'rotating.json');
    const joined = await cli(['join', '--handle', 'cli-rotor', '--arena', arena.baseUrl, '--key-file', keyFile, '--json']);
    expect(joined.code, joined.stderr).toBe(0);
    const first = JSON.parse(await readFile(keyFile, 'utf8'));

    const rotated = await cli(['key', 'rotate', '--arena', arena.baseUrl, '--key-file', keyFile, '--json']);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({ rotated: true, keyGeneration: 1, keyFile });
    const second = JSON.parse(await readFile(keyFile, 'utf8'));
    expect(second).toEqual({ ...first, apiKey: expect.stringMatching(/^arena_[A-Za-z0-9_-]{43}$/) });
    expect(second.apiKey).not.toBe(first.apiKey);
    expect(rotated.stdout).not.toContain(second.apiKey);
    expect((await cli(['submit', 'UURR', '--arena', arena.baseUrl, '--key-file', keyFile])).code).toBe(0);
    const submitAs = (key: string) =>
      fetch(`${arena.baseUrl}/api/league/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': `k-${Math.random()}` },
        body: '{}',
      });
    expect((await submitAs(first.apiKey)).status).toBe(401);

    const revoked = await cli(['key', 'revoke', '--arena', arena.baseUrl, '--key-file', keyFile]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(/^revoked at \S+; .* keeps the nonce alone/);
    expect(JSON.parse(await readFile(keyFile, 'utf8'))).toEqual({ origin: first.origin, registrationNonce: first.registrationNonce, agent: first.agent });
    expect((await submitAs(second.apiKey)).status).toBe(401);

    // With no key kept, the nonce rotates a new one.
    const fresh = await cli(['key', 'rotate', '--arena', arena.baseUrl, '--key-file', keyFile, '--json']);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(JSON.parse(fresh.stdout)).toMatchObject({ keyGeneration: 2 });
    expect((await cli(['submit', 'UURR', '--arena', arena.baseUrl, '--key-file', keyFile])).code).toBe(0);
  }, 60_000);

  it('says to use the nonce when the kept key was changed elsewhere, and does so with --with-nonce', async () => {
    const keyFile = join(folder, 'elsewhere.json');
    expect((await cli(['join', '--handle', 'cli-elsewhere', '--arena', arena.baseUrl, '--key-file', keyFile])).code).toBe(0);
    const kept = JSON.parse(await readFile(keyFile, 'utf8'));
    // Someone holding the key (it leaked) rotates it first.
    const stolen = await fetch(`${arena.baseUrl}/api/keys/rotate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${kept.apiKey}`, 'idempotency-key': 'thief-1' },
      body: '{}',
    });
    expect(stolen.status).toBe(200);
    const refused = await cli(['key', 'rotate', '--arena', arena.baseUrl, '--key-file', keyFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--with-nonce');
    const recovered = await cli(['key', 'rotate', '--with-nonce', '--arena', arena.baseUrl, '--key-file', keyFile, '--json']);
    expect(recovered.code, recovered.stderr).toBe(0);
    expect(JSON.parse(recovered.stdout)).toMatchObject({ keyGeneration: 2 });
    const thiefKey = (await stolen.json()).apiKey;
    const submit = (key: string) =>
      fetch(`${arena.baseUrl}/api/league/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': `k-${Math.random()}` },
        body: '{}',
      });
    expect((await submit(thiefKey)).status).toBe(401);
    expect((await cli(['key', 'nonsense', '--arena', arena.baseUrl, '--key-file', keyFile])).code).toBe(2);
  }, 60_000);
});

// Issue 30: after `arena join --arena <url>`, `arena submit` looked for a key for port 8787.
describe('the arena joined, remembered', () => {
  /** A configuration folder of its own, so what one test remembers is not another's. */
  const own = (name: string) => ({ XDG_CONFIG_HOME: join(folder, name) });
  const NOWHERE = 'http://127.0.0.1:9';

  it('is the arena the commands call after it, with the key the join kept', async () => {
    const env = own('remembering');
    const joined = await cli(['join', '--handle', 'cli-remembered', '--arena', `${arena.baseUrl}/`], env);
    expect(joined.code, joined.stderr).toBe(0);
    expect(joined.stdout).toContain(`joined ${arena.baseUrl} as cli-remembered; key kept in `);
    const remembered = join(folder, 'remembering', 'agent-arena', 'last-joined');
    expect((await stat(remembered)).mode & 0o777).toBe(0o600);
    const keyFile = join(folder, 'remembering', 'agent-arena', `${new URL(arena.baseUrl).host.replace(':', '_')}.json`);
    expect(JSON.parse(await readFile(remembered, 'utf8'))).toEqual({ origin: arena.baseUrl, keyFile });

    const submitted = await cli(['submit', 'UURRDD'], env);
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(submitted.stdout).toMatch(/^retained as attempt 2: /);
    const played = await cli(['play', 'UURRDD', '--json'], env);
    expect(played.code, played.stderr).toBe(0);
    expect(JSON.parse(played.stdout)).toMatchObject({ mode: 'classic-benchmark' });
    const rotated = await cli(['key', 'rotate', '--json'], env);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({ rotated: true, keyFile });
  }, 60_000);

  it('gives way to ARENA_URL, and ARENA_URL to --arena', async () => {
    const env = own('giving-way');
    expect((await cli(['join', '--handle', 'cli-giving-way', '--arena', arena.baseUrl], env)).code).toBe(0);
    const elsewhere = await cli(['submit', 'UURRDD'], { ...env, ARENA_URL: NOWHERE });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(`no key at ${join(folder, 'giving-way', 'agent-arena', '127.0.0.1_9.json')}`);
    expect((await cli(['play', 'UURRDD'], { ...env, ARENA_URL: NOWHERE })).stderr).toContain('did not answer');
    const named = await cli(['play', 'UURRDD', '--arena', arena.baseUrl], { ...env, ARENA_URL: NOWHERE });
    expect(named.code, named.stderr).toBe(0);
    // An empty ARENA_URL is unset.
    expect((await cli(['submit', 'UURRDD'], { ...env, ARENA_URL: '' })).code).toBe(0);
  }, 60_000);

  it('keeps the key file the join was given, and a join that fails changes nothing', async () => {
    const env = own('given-file');
    const keyFile = join(folder, 'given-file-key.json');
    expect((await cli(['join', '--handle', 'cli-given-file', '--arena', arena.baseUrl, '--key-file', keyFile], env)).code).toBe(0);
    const submitted = await cli(['submit', 'UURRDD'], env);
    expect(submitted.code, submitted.stderr).toBe(0);
    // A join that fails remembers nothing: the arena joined before stays.
    expect((await cli(['join', '--handle', 'cli-nowhere', '--arena', NOWHERE], env)).code).toBe(1);
    expect((await cli(['submit', 'UURRDD'], env)).code).toBe(0);
  }, 60_000);

  it("without a join, is npm start's address; and a file the command did not write is named, not used", async () => {
    const env = own('never-joined');
    const unjoined = await cli(['submit', 'UURRDD'], env);
    expect(unjoined.code).toBe(2);
    expect(unjoined.stderr).toContain(`no key at ${join(folder, 'never-joined', 'agent-arena', 'localhost_8787.json')}`);
    await mkdir(join(folder, 'never-joined', 'agent-arena'), { recursive: true });
    await writeFile(join(folder, 'never-joined', 'agent-arena', 'last-joined'), 'not json');
    const broken = await cli(['submit', 'UURRDD'], env);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('last-joined is not a file arena wrote: remove it, or name the arena with --arena');
    expect((await cli(['play', 'UURRDD', '--arena', arena.baseUrl], env)).code).toBe(0);
    const notUrl = await cli(['play', 'UURRDD', '--arena', 'arena.example'], env);
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr).toContain('arena.example is not an http(s) URL');
  }, 60_000);
});

describe('arena --help', () => {
  it('lists every environment variable the command reads, with what it sets and its default', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    const section = help.stdout.slice(help.stdout.indexOf('\nenvironment:\n'));
    const read = new Set<string>();
    for (const file of await readdir(join(REPOSITORY, 'cli'))) {
      const source = await readFile(join(REPOSITORY, 'cli', file), 'utf8');
      for (const [, name] of source.matchAll(/(?:process\.env\.|commandVariable\(')([A-Z_]+)/g)) read.add(name!);
      // Read through the list alone, so none escapes it.
      if (file !== 'environment.ts') expect(source, file).not.toContain('process.env');
    }
    expect([...read].sort()).toEqual(Object.keys(COMMAND_VARIABLES).sort());
    // The arena called by default is the one `npm start` serves.
    expect(DEFAULT_ARENA).toBe(`http://localhost:${DEFAULTS.PORT}`);
    for (const [name, variable] of Object.entries(COMMAND_VARIABLES)) {
      expect(section).toMatch(new RegExp(`\\n  ${name} +${variable.meaning.replace(/[().]/g, '\\$&')}\\n +default: ${variable.default.replace(/[().]/g, '\\$&')}\\n`));
    }
  });
});
