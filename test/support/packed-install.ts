import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** `npm pack` of the repository into `destination`, as built (dist/ fresh); the tarball's path. */
export async function packRepository(destination: string): Promise<string> {
  // The build is global-setup's (dist/ is fresh): prepack would build it again, under the other tests' feet.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: REPOSITORY, maxBuffer: 16 << 20 });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  return join(destination, packed!.filename);
}

/**
 * An empty project (`"type": "module"`) with `tarball` installed into it, and `packages` beside it
 * (each at the version this repository installs), by `npm install --offline`: what a user does,
 * from npm's cache alone. npm 11 resolves a name through the registry's full metadata, which a
 * cache filled by `npm ci` does not hold, so the project starts from the repository's lockfile:
 * npm takes every version from it, and leaves out what the project does not need.
 */
export async function installPacked(tarball: string, packages: readonly string[]): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'arena-installed-'));
  const dependencies: Record<string, string> = { 'agent-arena': `file:${tarball}` };
  for (const name of packages) dependencies[name] = await installedVersion(name);
  const lock = JSON.parse(await readFile(join(REPOSITORY, 'package-lock.json'), 'utf8')) as { name: string; version?: string; packages: Record<string, unknown> };
  const project = { name: 'installed-arena', private: true, type: 'module', dependencies };
  await writeFile(join(folder, 'package.json'), JSON.stringify(project, null, 2));
  await writeFile(
    join(folder, 'package-lock.json'),
    JSON.stringify({ ...lock, name: project.name, version: undefined, packages: { ...lock.packages, '': { name: project.name, dependencies } } }),
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, maxBuffer: 16 << 20 });
  return folder;
}

async function installedVersion(name: string): Promise<string> {
  return (JSON.parse(await readFile(join(REPOSITORY, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}
