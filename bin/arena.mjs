#!/usr/bin/env node
// `arena`, the command line (cli/): runs dist/arena.js, building dist/ first where it
// is missing or stale and esbuild is installed, as `npm start` does for the server.
process.argv.splice(2, 0, 'arena');
await import('../scripts/run-built.mjs');
