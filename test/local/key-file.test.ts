import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateKeys, rotateSigningKey } from '../../adapters/local/key-file.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'arena-keys-'));
  dirs.push(dir);
  return dir;
}

/** The keys as comparable text. */
const fingerprint = (keys: Awaited<ReturnType<typeof loadOrCreateKeys>>) =>
  [keys.signingKey, keys.secret, ...keys.retiredPublicKeys].map((bytes) => Buffer.from(bytes).toString('hex')).join(':');

describe('the key file', () => {
  it('replaces an empty keys.json left by a first start killed before it wrote, and says so', async () => {
    const dir = await freshDir();
    await writeFile(join(dir, 'keys.json'), '', { mode: 0o600 });
    const notices: string[] = [];
    const keys = await loadOrCreateKeys(dir, (line) => notices.push(line));
    expect(keys.signingKey).toHaveLength(32);
    expect(notices.join('\n')).toContain(join(dir, 'keys.json'));
    expect(fingerprint(await loadOrCreateKeys(dir, () => {}))).toBe(fingerprint(keys));
  });

  it('ignores the temporary file of a killed start, and removes it once it is stale', async () => {
    const dir = await freshDir();
    const stray = join(dir, '.keys.json.3f2a.tmp');
    await writeFile(stray, '{"signingKey":', { mode: 0o600 });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(stray, hourAgo, hourAgo);
    const keys = await loadOrCreateKeys(dir, () => {});
    expect(keys.signingKey).toHaveLength(32);
    expect(await readdir(dir)).toEqual(['keys.json']);
  });

  it('stops the start with an error naming the file when keys.json holds something else', async () => {
    const dir = await freshDir();
    await writeFile(join(dir, 'keys.json'), '{"signingKey": {"seed"', { mode: 0o600 });
    await expect(loadOrCreateKeys(dir, () => {})).rejects.toThrow(`${join(dir, 'keys.json')} is not a valid Agent Arena key file`);
    // Never replaced: it may hold the only copy of a key that signed receipts.
    expect(await readFile(join(dir, 'keys.json'), 'utf8')).toBe('{"signingKey": {"seed"');
  });

  it('gives instances starting together one set of keys', async () => {
    const dir = await freshDir();
    const all = await Promise.all(Array.from({ length: 12 }, () => loadOrCreateKeys(dir, () => {})));
    expect(new Set(all.map(fingerprint)).size).toBe(1);
    expect(await readdir(dir)).toEqual(['keys.json']);
  });

  it('rotates by replacing the whole file: mode 0600, no temporary file left', async () => {
    const dir = await freshDir();
    const before = await loadOrCreateKeys(dir, () => {});
    await rotateSigningKey(dir);
    const after = await loadOrCreateKeys(dir, () => {});
    expect(after.retiredPublicKeys).toHaveLength(1);
    expect(after.secret).toEqual(before.secret);
    expect(await readdir(dir)).toEqual(['keys.json']);
    expect((await stat(join(dir, 'keys.json'))).mode & 0o777).toBe(0o600);
  });
});
