// `node scripts/build-deps.mjs`: rewrites package.json and package-lock.json in place to what
// `node scripts/build.mjs --servers` needs and nothing else, so that `npm ci` then installs only that: the
// production dependencies the bundles take in (not those they leave out: better-sqlite3) and the
// build's own tool (esbuild), each at its locked version. The image's build stage
// runs it on its own copies; the development tree (test runtimes, workerd, browsers' drivers)
// stays out of the image. Plain JavaScript, so it runs before anything is installed.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BUILD_TOOLS, EXTERNAL } from './build.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));

/** What the servers' bundles take in: the dependencies and the peers (pg is an optional one) they do not leave out. */
export function bundledDependencies(manifest) {
  return Object.fromEntries(Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(([name]) => !EXTERNAL.includes(name)));
}

/** The manifest and lockfile narrowed to the build's needs. */
export function buildManifests(manifest, lock) {
  const dependencies = bundledDependencies(manifest);
  const devDependencies = Object.fromEntries(BUILD_TOOLS.map((name) => [name, manifest.devDependencies[name]]));
  const packages = lock.packages;
  const needed = new Set();
  const visit = (from, name, optional) => {
    const path = resolve(packages, from, name);
    if (path === undefined) {
      // A platform's build (@esbuild/<os>-<cpu>) the lockfile does not hold, or an optional peer.
      if (optional) return;
      throw new Error(`package-lock.json resolves no ${name} for ${from || 'the project'}: run npm install`);
    }
    if (needed.has(path)) return;
    needed.add(path);
    const entry = packages[path];
    for (const dependency of Object.keys(entry.dependencies ?? {})) visit(path, dependency, false);
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) visit(path, dependency, true);
    for (const peer of Object.keys(entry.peerDependencies ?? {})) visit(path, peer, entry.peerDependenciesMeta?.[peer]?.optional === true);
  };
  for (const name of [...Object.keys(dependencies), ...Object.keys(devDependencies)]) visit('', name, false);
  const kept = Object.fromEntries(Object.entries(packages).filter(([path]) => needed.has(path)));
  return {
    manifest: { ...manifest, dependencies, devDependencies },
    lock: { ...lock, packages: { '': { ...packages[''], dependencies, devDependencies }, ...kept } },
  };
}

/** Where Node finds `name` from the package at `from` ('' for the project): its own node_modules, then each one above. */
function resolve(packages, from, name) {
  let base = from;
  for (;;) {
    const path = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (packages[path]) return path;
    if (base === '') return undefined;
    const above = base.lastIndexOf('/node_modules/');
    base = above === -1 ? '' : base.slice(0, above);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const read = async (file) => JSON.parse(await readFile(`${root}${file}`, 'utf8'));
  const { manifest, lock } = buildManifests(await read('package.json'), await read('package-lock.json'));
  await writeFile(`${root}package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(`${root}package-lock.json`, `${JSON.stringify(lock, null, 2)}\n`);
}
