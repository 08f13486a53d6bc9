import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { compared, medianRow, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { HTTP_LOAD, HTTP_PRIME_SECONDS, prime, runLoad, type LoadRequest, type LoadResult } from '../load.ts';
import { FORGE_PLAY_PATH } from '../servers/play-context.ts';

const DEFINITION = 'examples/forge/clockwork-vault.json';
/** Six moves of the largest example: a play of typical length, well within its 24 steps. */
const ACTIONS = ['north', 'east', 'south', 'east', 'north', 'west'];

const SIDES = ['arena', 'minimal', 'bare'] as const;
type Side = (typeof SIDES)[number];
const NAMES: Record<Side, string> = { arena: 'adapters/node', minimal: 'minimal node:http', bare: 'bare node:http' };
const ROUNDS = 4;

interface Run extends LoadResult {
  cpuMicros: number;
}

/** State Forge play on the real Node adapter, against the least that gives the same answer, and a server doing no work. */
export const httpForgePlayNodeCase: BenchCase = {
  name: 'http-forge-play-node',
  about: `
Requests per second and the server's own CPU time per request (from /proc, as in
http-play-node) of \`POST ${FORGE_PLAY_PATH}\` with a capsule of \`${DEFINITION}\` (12 states,
4 actions, the largest table \`state-forge/1\` allows; compiled once by the arena under test) and
${ACTIONS.length} actions, on three servers in child processes, driven by autocannon from the bench process:
- the real Node adapter (\`dist/server/node.js\`, as \`npm start\` runs it, on a fresh signing key);
- the minimal form (\`bench/servers/minimal-forge-play.ts\`): \`node:http\`, the body read whole
  and parsed with \`JSON.parse\` (no validation), then the same core functions (the capsule token
  verified and opened, the actions played, the evidence checksummed and a forge receipt signed),
  one buffer written: the same answer but the receipt's time, signed by the same key;
- a bare \`node:http\` server answering a fixed JSON body exactly as long as the real one.
Each request verifies one token and signs one. Each server is first given ${HTTP_PRIME_SECONDS} s of unmeasured
load; then ${ROUNDS} rounds run every side once in rotated order (${HTTP_LOAD.connections} connections, no pipelining,
${HTTP_LOAD.durationSeconds} s measured). Figures are medians of each side's runs, ratios the median of the ratios within
a round. The minimal server's answer was checked first: as long as the arena's, with a receipt
that verifies against the arena's JWKS.`,
  async run() {
    const servers: ChildServer[] = [];
    try {
      const keys = { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()) };
      const arena = await startChildServer(NAMES.arena, ['scripts/run-built.mjs', 'node'], keys);
      servers.push(arena);
      const request = await playRequest(arena.origin);
      const real = await answerOf(arena.origin, request);
      const jwks = createLocalJWKSet(await (await fetch(`${arena.origin}/.well-known/jwks.json`)).json());
      const minimal = await startChildServer(NAMES.minimal, ['--import', 'tsx', 'bench/servers/minimal-forge-play.ts'], keys);
      servers.push(minimal);
      const theirs = await answerOf(minimal.origin, request);
      if (theirs.text.length !== real.text.length) throw new Error(`the minimal server answered ${theirs.text.length} characters, not ${real.text.length}`);
      await jwtVerify((JSON.parse(theirs.text) as { receipt: { token: string } }).receipt.token, jwks, { typ: 'forge-receipt+jwt' });
      const bytes = Buffer.byteLength(real.text);
      const bare = await startChildServer(NAMES.bare, ['--import', 'tsx', 'bench/servers/bare-json.ts'], {
        BODY_BYTES: String(bytes),
        CONTENT_TYPE: 'application/json; charset=utf-8',
      });
      servers.push(bare);

      const bySide: Record<Side, ChildServer> = { arena, minimal, bare };
      for (const server of Object.values(bySide)) await prime(server.origin + FORGE_PLAY_PATH, HTTP_LOAD.connections, HTTP_PRIME_SECONDS, request);
      const runs: Record<Side, Run[]> = { arena: [], minimal: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < SIDES.length; i++) {
          const side = SIDES[(round + i) % SIDES.length]!;
          const server = bySide[side];
          const before = server.cpuSeconds();
          const result = await runLoad(server.origin + FORGE_PLAY_PATH, { ...HTTP_LOAD, warmupSeconds: 0 }, request);
          runs[side].push({ ...result, cpuMicros: ((server.cpuSeconds() - before) / result.requests) * 1e6 });
        }
      }
      return rows(runs, bytes, Buffer.byteLength(request.body));
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  },
};

/** The play request: the example compiled into a capsule by the arena, and the actions. */
async function playRequest(origin: string): Promise<LoadRequest> {
  const compiled = await fetch(`${origin}/api/games/state-forge/compile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await readFile(DEFINITION, 'utf8'),
  });
  if (compiled.status !== 200) throw new Error(`compiling ${DEFINITION} answered ${compiled.status}`);
  const { capsule } = (await compiled.json()) as { capsule: string };
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ capsule, actions: ACTIONS }) };
}

async function answerOf(origin: string, request: LoadRequest): Promise<{ text: string }> {
  const response = await fetch(origin + FORGE_PLAY_PATH, request);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${origin}${FORGE_PLAY_PATH} answered ${response.status}: ${text.slice(0, 200)}`);
  return { text };
}

function rows(runs: Record<Side, Run[]>, bodyBytes: number, requestBytes: number): Row[] {
  const row = (side: Side, label: string, unit: string, figure: (run: Run) => number, note?: string): Row => {
    return medianRow(label, unit, runs[side].map(figure), note);
  };
  const cpu = (run: Run) => run.cpuMicros;
  const rps = (run: Run) => run.requestsPerSecond;
  const list = (side: Side) => runs[side].map((run) => Math.round(rps(run))).join(', ');
  const note = `${requestBytes}-byte request, ${bodyBytes}-byte answer; runs, req/s: ${SIDES.map((side) => `${list(side)} (${side})`).join('; ')}`;
  return [
    compared(row('arena', `CPU per request, ${NAMES.arena}`, 'µs', cpu), row('minimal', NAMES.minimal, 'µs', cpu)),
    compared(row('bare', `CPU per request, ${NAMES.bare} (no work)`, 'µs', cpu), row('minimal', NAMES.minimal, 'µs', cpu)),
    compared(row('arena', `POST play, ${NAMES.arena}`, 'req/s', rps, note), row('minimal', NAMES.minimal, 'req/s', rps)),
  ];
}
