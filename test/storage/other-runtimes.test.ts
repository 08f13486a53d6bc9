/**
 * The store suite on the SQLite of the other runtimes, started from the Node suite: bun:sqlite
 * under `bun test`, node:sqlite under vitest on Deno. Each must run every test and pass.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
/** Fewer than this many passing tests means the suite did not really run there. */
const MINIMUM_TESTS = 30;

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the store suite on other runtimes', () => {
  it('passes on Bun with bun:sqlite', async () => {
    const { code, output } = await run(bin('bun'), ['test', './test/storage/bun-sqlite.test.ts']);
    expect(code, output).toBe(0);
    expect(Number(/\b(\d+) pass\b/.exec(output)?.[1])).toBeGreaterThanOrEqual(MINIMUM_TESTS);
    expect(output).toMatch(/\b0 fail\b/);
    expect(output).not.toMatch(/\bskip\b/);
  }, 180_000);

  it('passes on Deno with node:sqlite', async () => {
    const { code, output } = await run(bin('deno'), ['run', '-A', 'node_modules/vitest/vitest.mjs', 'run', '--reporter=verbose', 'test/storage/node-sqlite.test.ts']);
    expect(code, output).toBe(0);
    expect(output).toContain('SQLite (node:sqlite on Deno, file)');
    const [, passed, total] = /Tests\s+(\d+) passed \((\d+)\)/.exec(output) ?? [];
    expect(Number(passed)).toBeGreaterThanOrEqual(MINIMUM_TESTS);
    expect(passed).toBe(total);
  }, 180_000);
});
