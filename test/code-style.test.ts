import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPOSITORY } from './support/readme.ts';

/**
 * The code base is formatted and linted as biome.jsonc says: `biome ci` fails on a file whose
 * formatting differs, or a rule it breaks, and names them. `npx biome check --write` mends the
 * formatting and the safe fixes.
 */
describe('the code style', () => {
  it('is what Biome formats and lints clean', async () => {
    const checked = await promisify(execFile)(`${REPOSITORY}node_modules/.bin/biome`, ['ci', '--colors=off', '.'], { cwd: REPOSITORY, maxBuffer: 16 << 20 }).then(
      ({ stdout, stderr }) => ({ failed: false, said: `${stdout}${stderr}` }),
      (error: { stdout: string; stderr: string }) => ({ failed: true, said: `${error.stdout}${error.stderr}` }),
    );
    expect(checked.failed, checked.said).toBe(false);
    expect(checked.said).toMatch(/Checked \d{3,} files/);
  });
});
