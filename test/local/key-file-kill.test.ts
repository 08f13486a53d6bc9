import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateKeys } from '../../adapters/local/key-file.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Runs first starts in a loop in a child process and kills it (SIGKILL) after `ms`. */
async function killMidway(folder: string, ms: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/local/fixtures/first-starts-forever.ts', folder], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the loop ended by itself (${code})`)));
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('a first start killed at any moment', () => {
  it('leaves either no keys.json or a whole one, and the next start succeeds', { timeout: 120_000 }, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'arena-kill-'));
    dirs.push(folder);
    for (let round = 0; round < 5; round++) await killMidway(join(folder, String(round)), 150 + round * 37);
    let whole = 0;
    for (const round of await readdir(folder)) {
      for (const start of await readdir(join(folder, round))) {
        const dir = join(folder, round, start);
        const text = await readFile(join(dir, 'keys.json'), 'utf8').catch(() => null);
        if (text !== null) {
          expect(() => JSON.parse(text), dir).not.toThrow();
          whole++;
        }
        await expect(loadOrCreateKeys(dir, () => {})).resolves.toBeTruthy();
      }
    }
    // The loops got far enough for the kills to land among writes.
    expect(whole).toBeGreaterThan(10);
  });
});
