import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The Deno side of the package (JSR, from deno.json): the npm package's version and entry
 * points, each the TypeScript source its built module in dist/ is compiled from.
 */
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const read = async (file: string) => JSON.parse(await readFile(join(REPOSITORY, file), 'utf8')) as { name: string; version: string; exports: Record<string, unknown> };

describe('deno.json, for JSR', () => {
  it('names the package, its version and the entry points of package.json, as their sources', async () => {
    const [deno, npm] = await Promise.all([read('deno.json'), read('package.json')]);
    expect(deno.name).toBe('@agent-arena/agent-arena');
    expect(deno.version).toBe(npm.version);
    const sources = Object.fromEntries(
      Object.entries(npm.exports).map(([path, built]) => [path, (built as { default: string }).default.replace(/^\.\/dist\/(.*)\.js$/, './$1.ts')]),
    );
    expect(deno.exports).toEqual(sources);
  });

  it('publishes cleanly: `deno publish --dry-run` finds no slow type and no file left out', async () => {
    const { stderr } = await promisify(execFile)(join(REPOSITORY, 'node_modules/.bin/deno'), ['publish', '--dry-run', '--allow-dirty'], {
      cwd: REPOSITORY,
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 16 << 20,
    });
    expect(stderr).toContain('Success Dry run complete');
    expect(stderr).not.toMatch(/^(warning|error)/m);
  }, 120_000);
});
