#!/usr/bin/env node
// `agent-arena`, the command line (cli/), as the repository runs it: dist/cli/main.js, building
// dist/ first where it is missing or stale and esbuild is installed, as `npm start` does for the
// server. The package's own `agent-arena` is dist/cli/main.js itself.
process.argv.splice(2, 0, 'agent-arena');
await import('../scripts/run-built.mjs');
