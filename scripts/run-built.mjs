// `node scripts/run-built.mjs <name>`: runs a built server (dist/server/<name>.js) or the
// `agent-arena` command (dist/cli/main.js) in this very process (so a signal sent to it reaches
// the server), building dist/ first when it is missing or older than its sources and esbuild is
// installed. A production install (`npm ci --omit=dev`) has no esbuild: it runs what was built,
// or says in one line how to build it.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, isStale, SERVERS } from './build.mjs';

/** What each name runs, in dist/. */
const RUNNABLE = Object.fromEntries(Object.keys(SERVERS).map((name) => [name, `server/${name}.js`]));

const name = process.argv[2] ?? '';
if (!Object.hasOwn(RUNNABLE, name)) {
  console.error(`agent-arena: run-built takes one of ${Object.keys(RUNNABLE).join(', ')}`);
  process.exit(1);
}
// The command's own arguments, as if it had been run directly.
process.argv.splice(2, 1);

/**
 * A line of its own: for the server, in the JSON of every line it writes (a notice, or the
 * failure of its start); for the other commands, plain text.
 */
function say(level, what) {
  const line =
    name === 'node'
      ? JSON.stringify({
          event: level === 'error' ? 'failure' : 'notice',
          level,
          time: new Date().toISOString(),
          ...(level === 'error' ? { requestId: null } : {}),
          what,
          ...(level === 'error' ? { error: null } : {}),
        })
      : `agent-arena: ${what}`;
  console.error(line);
}

const dist = fileURLToPath(new URL(`../dist/${RUNNABLE[name]}`, import.meta.url));
if (await isStale(['servers'])) {
  const canBuild = await import('esbuild').then(
    () => true,
    () => false,
  );
  if (canBuild) await build();
  else if (!existsSync(dist)) {
    say('error', 'dist/ is not built and esbuild is not installed; run `npm ci && npm run build` first (a production image copies dist/ from its build stage)');
    process.exit(1);
  } else say('warn', 'dist/ is older than its sources and esbuild is not installed; running it as built');
}
await import(pathToFileURL(dist).href);
