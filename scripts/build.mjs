// Builds dist/ with esbuild, in two parts. The package (what `npm pack` ships): every entry point
// of package.json's `exports` and the `agent-arena` command, ES modules whose shared code is in
// chunks of their own (so `agent-arena` and `agent-arena/node` share one core), their
// dependencies left to the installer, and the TypeScript compiler's declarations beside them.
// The operator's servers (dist/server/, not in the package): the Node server and the commands
// `npm start`, `npm run migrate` and `npm run rotate-key` run, one ES module each with every
// pure-JavaScript dependency inside, so a production install runs them on plain `node` with no
// TypeScript toolchain. Plain JavaScript itself, so `npm start` can run it.
import { execFile } from 'node:child_process';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(await readFile(`${root}package.json`, 'utf8'));

/** dist/server/: the name each is run by (scripts/run-built.mjs), and its TypeScript source. */
export const SERVERS = {
  node: 'adapters/node/main.ts',
  'rotate-key': 'adapters/local/rotate-key.ts',
  migrate: 'adapters/local/migrate.ts',
  'health-probe': 'adapters/node/health-probe.ts',
  // The command as the repository and the image run it (bin/agent-arena.mjs): its dependencies
  // inside, where the package's dist/cli/main.js leaves them to the installer.
  'agent-arena': 'cli/main.ts',
};

/** What a build makes: the package (`npm pack`'s), the servers (`npm start`'s, the image's), or both. */
export const PARTS = ['package', 'servers'];

/**
 * What the bundles leave out, loaded from node_modules where they run: better-sqlite3 (a native
 * addon, used on Node 20 only: Node 22 and later have node:sqlite) and pg's optional native binding.
 */
export const EXTERNAL = ['better-sqlite3', 'pg-native'];

/** The development dependencies a build of the servers runs (the package's also runs TypeScript, for its declarations). */
export const BUILD_TOOLS = ['esbuild'];

/** The package's modules, each built from the TypeScript source of the same path: `dist/core/index.js` from `core/index.ts`. */
export const PACKAGE_MODULES = [...Object.values(manifest.exports).map((entry) => entry.default), ...Object.values(manifest.bin)].map((built) =>
  built.replace(/^(\.\/)?dist\//, ''),
);

/** The folders a build reads; a file in them newer than the last build makes it stale. */
const SOURCES = ['core', 'storage', 'adapters', 'client', 'cli', 'package.json', 'package-lock.json'];
const STAMP = `${root}dist/build.json`;

/**
 * Builds dist/ afresh: into a folder of its own, then swapped in whole, so a server starting
 * meanwhile finds the old build or the new one, never half of one. esbuild is a development
 * dependency: this runs only where it is installed. The image's build stage makes the servers
 * alone (`node scripts/build.mjs --servers`), with nothing but esbuild installed.
 */
export async function build(parts = PARTS) {
  const esbuild = await import('esbuild');
  const fresh = `${root}dist.${process.pid}`;
  try {
    await Promise.all([parts.includes('package') ? buildPackage(esbuild, fresh) : undefined, parts.includes('servers') ? buildServers(esbuild, `${fresh}/server`) : undefined]);
  } finally {
    // esbuild's service process would otherwise live as long as the server it built.
    await esbuild.stop();
  }
  await writeFile(`${fresh}/build.json`, `${JSON.stringify({ builtAt: new Date().toISOString(), parts })}\n`);
  const old = `${root}dist.old.${process.pid}`;
  await rename(`${root}dist`, old).catch(() => undefined);
  // Another build swapped its own in meanwhile: built from the same sources, it stands.
  await rename(fresh, `${root}dist`).catch(() => rm(fresh, { recursive: true, force: true }));
  await rm(old, { recursive: true, force: true });
}

/**
 * The package: one build of every entry point, so a module two entries use is one chunk they
 * share (one `createArena`, one store error class, one hashing choice), for any runtime: what
 * is Node's, Bun's or a dependency stays an import. Then the declarations, their relative
 * imports named as the built files are (`./arena.js`).
 */
async function buildPackage(esbuild, outdir) {
  await esbuild.build({
    entryPoints: PACKAGE_MODULES.map((module) => `${root}${module.replace(/\.js$/, '.ts')}`),
    outbase: root,
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['node:*', 'bun:*', ...Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).flatMap((name) => [name, `${name}/*`])],
    logLevel: 'warning',
  });
  // The compiler finds @types/node from a project inside the repository.
  const project = `${outdir}/tsconfig.declarations.json`;
  const sources = PACKAGE_MODULES.filter((module) => !module.startsWith('cli/')).map((module) => `${root}${module.replace(/\.js$/, '.ts')}`);
  const compilerOptions = { noEmit: false, declaration: true, emitDeclarationOnly: true, rootDir: root, outDir: outdir };
  await writeFile(project, JSON.stringify({ extends: `${root}tsconfig.json`, include: [], exclude: [], files: sources, compilerOptions }));
  const tsc = fileURLToPath(new URL('../node_modules/typescript-compiler/bin/tsc', import.meta.url));
  await promisify(execFile)(process.execPath, [tsc, '-p', project], { maxBuffer: 16 << 20 });
  await rm(project);
  for (const file of await readdir(outdir, { recursive: true })) {
    if (!file.endsWith('.d.ts')) continue;
    const declared = await readFile(`${outdir}/${file}`, 'utf8');
    await writeFile(`${outdir}/${file}`, declared.replace(/((?:from |import\()['"]\.{1,2}\/[^'"]*)\.ts(['"])/g, '$1.js$2'));
  }
}

/** The operator's servers: each one module with its pure-JavaScript dependencies inside. */
function buildServers(esbuild, outdir) {
  return bundleServers(esbuild, Object.fromEntries(Object.entries(SERVERS).map(([name, source]) => [name, `${root}${source}`])), outdir);
}

/** Bundles servers as the operator's are (`entryPoints`: name to source path), into `outdir`: the bench builds its own bounds so. */
export async function bundleServers(esbuild, entryPoints, outdir) {
  await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS dependencies call require() for Node's own modules.
    banner: { js: "import { createRequire as __arenaRequire } from 'node:module'; const require = __arenaRequire(import.meta.url);" },
    // Used when the operator asks (NODE_OPTIONS=--enable-source-maps): reading them costs about
    // 30 MB and 60 ms at every start, so failure lines name dist/ lines unless asked.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** True when dist/ is missing, lacks one of `parts`, or a source it was built from changed since. */
export async function isStale(parts = PARTS) {
  const built = await stat(STAMP).catch(() => undefined);
  if (!built) return true;
  const { parts: made = [] } = JSON.parse(await readFile(STAMP, 'utf8'));
  if (parts.some((part) => !made.includes(part))) return true;
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

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(process.argv.includes('--servers') ? ['servers'] : PARTS);
