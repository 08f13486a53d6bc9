import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * Installs a test-only package folder (its own package.json and lockfile, apart from the
 * project's dependencies) with `npm ci`, when its install is missing or older than its lockfile.
 */
export async function installNested(folder: string): Promise<void> {
  const installed = `${folder}node_modules/.package-lock.json`;
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(`${folder}package-lock.json`).mtimeMs) return;
  await promisify(execFile)('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder });
}
