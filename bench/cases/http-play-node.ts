import { createLocalJWKSet, jwtVerify } from 'jose';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { compared, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { HTTP_LOAD, HTTP_PRIME_SECONDS, prime, runLoad, type LoadResult } from '../load.ts';
import { median, relativeSpread } from '../stats.ts';

const PLAY_PATH = '/api/games/packet-run/play?actions=UURRUURUURRRDUUR';

const SIDES = ['arena', 'minimal', 'hono', 'bare'] as const;
type Side = (typeof SIDES)[number];
const NAMES: Record<Side, string> = { arena: 'adapters/node', minimal: 'minimal node:http', hono: 'Hono (@hono/node-server)', bare: 'bare node:http' };
/** Each round runs every side once, rotated, so each side holds each position equally often. */
const ROUNDS = 4;

interface Run extends LoadResult {
  /** The server's own CPU time per answered request, in microseconds. */
  cpuMicros: number;
}

/** Signed play on the real Node adapter, against the least that gives the same answer, the same route in Hono, and a server doing no work. */
export const httpPlayNodeCase: BenchCase = {
  name: 'http-play-node',
  about: `
Requests per second, latency and the server's own CPU time per request (user and system time of
its process, from /proc, over the measured run) of \`GET ${PLAY_PATH}\` on four servers, each in
its own child process, driven by autocannon from the bench process:
- the real Node adapter (\`dist/node.js\`, as \`npm start\` runs it, on a fresh signing key);
- the minimal form (\`bench/servers/minimal-play.ts\`): \`node:http\`, the query read by hand, the
  same core functions (scoring, receipt, canonical JSON, Ed25519, native SHA-256), one buffer
  written: the same answer, byte for byte but the receipt's time, signed by the same key;
- the same route in Hono (\`bench/servers/hono-play.ts\` on \`@hono/node-server\`), validated by the
  same valibot schema and answered by the same core functions;
- a bare \`node:http\` server (\`bench/servers/bare-json.ts\`) answering a fixed JSON body exactly
  as long as the real one: what serving the bytes alone costs.
Each is first given ${HTTP_PRIME_SECONDS} s of unmeasured load; then ${ROUNDS} rounds run every side once in rotated
order (${HTTP_LOAD.connections} connections, no pipelining, ${HTTP_LOAD.durationSeconds} s measured, no warm-up after the priming). Figures are
medians of each side's runs, ratios the median of the ratios within a round. Every answer of the
minimal and Hono servers was checked first: the same length as the arena's, and a receipt that
verifies against the arena's JWKS. On a 2-core machine the load generator takes a core, so the
cheapest servers' rates may be capped by autocannon; their CPU per request is not.`,
  async run() {
    const servers: ChildServer[] = [];
    try {
      const keys = { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()) };
      const arena = await startChildServer(NAMES.arena, ['scripts/run-built.mjs', 'node'], keys);
      servers.push(arena);
      const real = await answerOf(arena.origin + PLAY_PATH);
      const jwks = createLocalJWKSet(await (await fetch(`${arena.origin}/.well-known/jwks.json`)).json());
      const minimal = await startChildServer(NAMES.minimal, ['--import', 'tsx', 'bench/servers/minimal-play.ts'], keys);
      servers.push(minimal);
      const hono = await startChildServer(NAMES.hono, ['--import', 'tsx', 'bench/servers/hono-play.ts'], keys);
      servers.push(hono);
      for (const baseline of [minimal, hono]) await sameAnswer(baseline.origin + PLAY_PATH, real, jwks);
      const bare = await startChildServer(NAMES.bare, ['--import', 'tsx', 'bench/servers/bare-json.ts'], { BODY_BYTES: String(real.bytes), CONTENT_TYPE: real.contentType });
      servers.push(bare);
      if ((await answerOf(bare.origin + PLAY_PATH)).bytes !== real.bytes) throw new Error(`the bare server's body is not ${real.bytes} bytes`);

      const bySide: Record<Side, ChildServer> = { arena, minimal, hono, bare };
      for (const server of Object.values(bySide)) await prime(server.origin + PLAY_PATH, HTTP_LOAD.connections, HTTP_PRIME_SECONDS);
      const runs: Record<Side, Run[]> = { arena: [], minimal: [], hono: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < SIDES.length; i++) {
          const side = SIDES[(round + i) % SIDES.length]!;
          runs[side].push(await measuredRun(bySide[side]));
        }
      }
      return rows(runs, real.bytes);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  },
};

async function measuredRun(server: ChildServer): Promise<Run> {
  const before = server.cpuSeconds();
  const result = await runLoad(server.origin + PLAY_PATH, { ...HTTP_LOAD, warmupSeconds: 0 });
  return { ...result, cpuMicros: ((server.cpuSeconds() - before) / result.requests) * 1e6 };
}

function rows(runs: Record<Side, Run[]>, bodyBytes: number): Row[] {
  const row = (side: Side, label: string, unit: string, figure: (run: Run) => number, note?: string): Row => {
    const values = runs[side].map(figure);
    const value = median(values);
    return { label, value, unit, spread: relativeSpread(values, value), samples: values, ...(note === undefined ? {} : { note }) };
  };
  const rps = (run: Run) => run.requestsPerSecond;
  const cpu = (run: Run) => run.cpuMicros;
  const list = (side: Side) => runs[side].map((run) => Math.round(rps(run))).join(', ');
  const note = `${bodyBytes}-byte body; runs, req/s: ${SIDES.map((side) => `${list(side)} (${side})`).join('; ')}`;
  return [
    compared(row('arena', 'CPU per request, adapters/node', 'µs', cpu), row('minimal', 'minimal node:http', 'µs', cpu)),
    compared(row('hono', 'CPU per request, Hono', 'µs', cpu), row('minimal', 'minimal node:http', 'µs', cpu)),
    compared(row('bare', 'CPU per request, bare node:http (no work)', 'µs', cpu), row('minimal', 'minimal node:http', 'µs', cpu)),
    compared(row('arena', 'GET play, adapters/node', 'req/s', rps, note), row('hono', 'Hono (@hono/node-server)', 'req/s', rps)),
    compared(row('arena', 'GET play, adapters/node', 'req/s', rps), row('minimal', 'minimal node:http', 'req/s', rps)),
    compared(row('arena', 'p50 latency, adapters/node', 'ms', (r) => r.p50Ms), row('minimal', 'p50, minimal node:http', 'ms', (r) => r.p50Ms)),
    compared(row('arena', 'p99 latency, adapters/node', 'ms', (r) => r.p99Ms), row('minimal', 'p99, minimal node:http', 'ms', (r) => r.p99Ms)),
  ];
}

interface Answer {
  bytes: number;
  contentType: string;
}

/** Body length and content type of one answer, which must be a 200. */
async function answerOf(url: string): Promise<Answer> {
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { bytes: body.byteLength, contentType: response.headers.get('content-type') ?? 'application/json' };
}

/** A baseline gives the arena's answer: as long, and with a receipt the arena's JWKS verifies. */
async function sameAnswer(url: string, real: Answer, jwks: ReturnType<typeof createLocalJWKSet>): Promise<void> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200 || Buffer.byteLength(text) !== real.bytes) throw new Error(`${url} answered ${response.status} with ${Buffer.byteLength(text)} bytes, not ${real.bytes}`);
  await jwtVerify(JSON.parse(text).receipt.token, jwks, { typ: 'receipt+jwt' });
}
