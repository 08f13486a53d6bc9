// Compiles the Node server, the operator commands and the `arena` command line into dist/ with esbuild: one ES module
// each, every pure-JavaScript dependency inside, so a production install runs them on plain
// `node` with no TypeScript toolchain; and the typed client (`agent-arena/client`) into
// dist/client/, an ES module for any runtime with its declarations. Plain JavaScript itself, so `npm start` can run it.
import { execFile } from 'node:child_process';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../', import.meta.url));

/** What dist/ holds: the name each is run by, and its TypeScript source. */
export const ENTRIES = {
  node: 'adapters/node/main.ts',
  'rotate-key': 'adapters/local/rotate-key.ts',
  migrate: 'adapters/local/migrate.ts',
  arena: 'cli/main.ts',
};

/** The folders a build reads; a file in them newer than the last build makes it stale. */
const SOURCES = ['core', 'storage', 'adapters', 'client', 'cli', 'package-lock.json'];
const STAMP = `${root}dist/build.json`;

/**
 * Builds dist/ afresh: into a folder of its own, then swapped in whole, so a server starting
 * meanwhile finds the old build or the new one, never half of one. esbuild is a development
 * dependency: this runs only where it is installed.
 */
export async function build() {
  const esbuild = await import('esbuild');
  const fresh = `${root}dist.${process.pid}`;
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, `${root}${source}`])),
    outdir: fresh,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Native addons load from node_modules; pg's optional native binding is never installed.
    external: ['better-sqlite3', 'pg-native'],
    // Bundled CommonJS dependencies call require() for Node's own modules.
    banner: { js: "import { createRequire as __arenaRequire } from 'node:module'; const require = __arenaRequire(import.meta.url);" },
    // Used when the operator asks (NODE_OPTIONS=--enable-source-maps): reading them costs about
    // 30 MB and 60 ms at every start, so failure lines name dist/ lines unless asked.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  await buildClient(esbuild, `${fresh}/client`);
  // esbuild's service process would otherwise live as long as the server it built.
  await esbuild.stop();
  await writeFile(`${fresh}/build.json`, `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
  const old = `${root}dist.old.${process.pid}`;
  await rename(`${root}dist`, old).catch(() => undefined);
  // Another build swapped its own in meanwhile: built from the same sources, it stands.
  await rename(fresh, `${root}dist`).catch(() => rm(fresh, { recursive: true, force: true }));
  await rm(old, { recursive: true, force: true });
}

/**
 * The typed client (client/, package.json's `./client`): one ES module that imports
 * nothing and runs wherever `fetch` does, and the declarations the TypeScript compiler emits
 * for it, their relative imports named as the emitted files are (`./operations.js`).
 */
async function buildClient(esbuild, outdir) {
  await esbuild.build({
    entryPoints: [`${root}client/index.ts`],
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const tsc = fileURLToPath(new URL('../node_modules/typescript-compiler/bin/tsc', import.meta.url));
  await promisify(execFile)(process.execPath, [tsc, '-p', `${root}client`, '--noEmit', 'false', '--declaration', '--emitDeclarationOnly', '--outDir', outdir]);
  for (const file of await readdir(outdir)) {
    if (!file.endsWith('.d.ts')) continue;
    const declared = await readFile(`${outdir}/${file}`, 'utf8');
    await writeFile(`${outdir}/${file}`, declared.replace(/(from '\.\/[\w-]+)\.ts'/g, "$1.js'"));
  }
}

/** True when dist/ is missing, or a source it was built from changed since. */
export async function isStale() {
  const built = await stat(STAMP).catch(() => undefined);
  if (!built) return true;
  for (const source of SOURCES) if ((await newestChange(`${root}${source}`)) > built.mtimeMs) return true;
  return false;
}

/** The latest modification time under `path`; 0 where nothing is (a production image ships no sources). */
async function newestChange(path) {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestChange(`${path}/${entry}`));
  return newest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
