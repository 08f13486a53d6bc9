import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocal } from '../support/local-server.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function freshParent(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'arena-modes-'));
  dirs.push(dir);
  return dir;
}

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

// 000 would leave everything open to every user; 277 would leave the owner unable to write.
describe.each([
  ['node', '000'],
  ['bun', '000'],
  ['deno', '000'],
  ['node', '277'],
] as const)('a first start on %s under umask %s', (runtime, umask) => {
  it('keeps the data folder 0700 and the key file, the database and its WAL 0600; warns once that no public origin is set', async () => {
    const dataDir = join(await freshParent(), 'data');
    const server = await startLocal(runtime, { ARENA_DATA_DIR: dataDir }, umask);
    try {
      expect((await fetch(`${server.baseUrl}/api/league`)).status).toBe(200);
      expect(await modeOf(dataDir)).toBe('700');
      for (const file of ['keys.json', 'arena.db', 'arena.db-wal', 'arena.db-shm']) expect(await modeOf(join(dataDir, file)), file).toBe('600');
      expect(server.output().match(/ARENA_PUBLIC_ORIGIN is not set/g)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe('a start on an existing data folder', () => {
  it('tightens an existing database file to 0600, and warns (leaving it) about a folder open to every user', async () => {
    const dataDir = join(await freshParent(), 'data');
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    await writeFile(join(dataDir, 'arena.db'), '');
    await chmod(join(dataDir, 'arena.db'), 0o644);
    const server = await startLocal('node', { ARENA_DATA_DIR: dataDir });
    try {
      expect(await modeOf(join(dataDir, 'arena.db'))).toBe('600');
      expect(await modeOf(dataDir)).toBe('755');
      expect(server.output()).toContain(`the data folder ${dataDir} is open to every user`);
    } finally {
      await server.stop();
    }
  });
});
