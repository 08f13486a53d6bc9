/**
 * Releases (CHANGELOG.md): each named with its commit, which this repository holds, and tagged
 * `v<version>` on it where the clone has the tag (a clone may not fetch tags; the commit is what
 * the rolling-upgrade suite builds).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../', import.meta.url);
const RELEASES = [...readFileSync(new URL('CHANGELOG.md', root), 'utf8').matchAll(/^## (\d+\.\d+\.\d+) — ([\d-]+), commit ([0-9a-f]{7,40})$/gm)].map(
  ([, version, date, commit]) => ({
    version: version!,
    date: date!,
    commit: commit!,
  }),
);

describe('CHANGELOG.md', () => {
  it('names at least one release, newest first', () => {
    expect(RELEASES.length).toBeGreaterThan(0);
    const versions = RELEASES.map(({ version }) => version.split('.').map(Number));
    const sorted = [...versions].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!);
    expect(versions).toEqual(sorted);
  });

  for (const { version, date, commit } of RELEASES) {
    it(`${version}: commit ${commit} is here, of ${date}, and tagged v${version} where tags are`, async () => {
      const { stdout } = await run('git', ['show', '-s', '--format=%H %cs', `${commit}^{commit}`], { cwd: root });
      const [full, committed] = stdout.trim().split(' ');
      expect(committed).toBe(date);
      const tagged = await run('git', ['rev-parse', '--verify', '--quiet', `refs/tags/v${version}^{commit}`], { cwd: root }).catch(() => undefined);
      if (tagged) expect(tagged.stdout.trim()).toBe(full);
    });
  }
});
