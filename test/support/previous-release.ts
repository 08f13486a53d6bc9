/**
 * The release before this tree, as CHANGELOG.md names it (`## <version> — <date>, commit <sha>`,
 * tagged `v<version>`), built from that commit's tree (`git archive`) in a folder of its own: its
 * dependencies installed from its own lockfile and its `dist/` built, as an operator still running
 * it has them. Kept under node_modules/.cache, so later runs on this checkout reuse it.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

export interface Release {
  version: string;
  commit: string;
}

/** The newest release CHANGELOG.md names a commit for: the last one tagged. */
export function previousRelease(): Release {
  const match = /^## (\d+\.\d+\.\d+) — [\d-]+, commit ([0-9a-f]{7,40})$/m.exec(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'));
  if (!match) throw new Error('CHANGELOG.md names no release with its commit');
  return { version: match[1]!, commit: match[2]! };
}

/** The release's tree with its dependencies and `dist/`: the folder to run its commands in. */
export async function builtRelease({ version, commit }: Release): Promise<string> {
  const folder = join(root, 'node_modules/.cache/agent-arena-releases', `${version}-${commit}`);
  const done = join(folder, '.built');
  if (existsSync(done)) return folder;
  await run('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root }).catch(() => {
    throw new Error(`this clone lacks commit ${commit} of release ${version}: clone with its history (git fetch --unshallow --tags)`);
  });
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await run('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'archive', commit, folder], { cwd: root });
  const quiet = { cwd: folder, maxBuffer: 64 << 20, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } };
  // No install scripts: its instances run on PostgreSQL, so nothing native is built (better-sqlite3 would be, for a minute).
  await run('npm', ['ci', '--prefer-offline', '--ignore-scripts'], quiet);
  await run('npm', ['run', 'build'], quiet);
  await writeFile(done, `${new Date().toISOString()}\n`);
  return folder;
}
