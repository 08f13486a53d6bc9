import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { startArena, type Runtime } from './support/servers.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'arena-data-'));
  dirs.push(dir);
  return dir;
}

async function playAndFetchKeys(baseUrl: string) {
  const run = await (await fetch(`${baseUrl}/api/games/packet-run/play?actions=UURR`)).json();
  const jwks = await (await fetch(`${baseUrl}/.well-known/jwks.json`)).json();
  return { receipt: run.receipt.token as string, jwks };
}

describe.each(['node', 'bun', 'deno'] as Runtime[])('the embedded default on %s', (runtime) => {
  it('creates a signing key on first start and keeps it across a restart', async () => {
    const dir = await dataDir();
    const first = await startArena(runtime, { ARENA_DATA_DIR: dir });
    const before = await playAndFetchKeys(first.baseUrl).finally(() => first.stop());
    expect((await stat(join(dir, 'keys.json'))).mode & 0o777).toBe(0o600);

    const second = await startArena(runtime, { ARENA_DATA_DIR: dir });
    const after = await playAndFetchKeys(second.baseUrl).finally(() => second.stop());
    expect(after.jwks).toEqual(before.jwks);
    await expect(jwtVerify(before.receipt, createLocalJWKSet(after.jwks), { typ: 'receipt+jwt' })).resolves.toBeTruthy();
  });
});

describe('signing key rotation', () => {
  it('keeps old receipts verifiable with the JWKS alone', async () => {
    const dir = await dataDir();
    const first = await startArena('node', { ARENA_DATA_DIR: dir });
    const before = await playAndFetchKeys(first.baseUrl).finally(() => first.stop());

    await promisify(execFile)(process.execPath, ['scripts/run-built.mjs', 'rotate-key'], {
      env: { ...process.env, ARENA_DATA_DIR: dir },
    });
    const file = JSON.parse(await readFile(join(dir, 'keys.json'), 'utf8'));
    expect(file.retiredSigningKeys).toHaveLength(1);

    const second = await startArena('node', { ARENA_DATA_DIR: dir });
    const after = await playAndFetchKeys(second.baseUrl).finally(() => second.stop());
    expect(after.jwks.keys).toHaveLength(before.jwks.keys.length + 1);
    const keys = createLocalJWKSet(after.jwks);
    await expect(jwtVerify(before.receipt, keys, { typ: 'receipt+jwt' })).resolves.toBeTruthy();
    await expect(jwtVerify(after.receipt, keys, { typ: 'receipt+jwt' })).resolves.toBeTruthy();
    expect(after.jwks.keys[0].kid).not.toBe(before.jwks.keys[0].kid);
  });
});
