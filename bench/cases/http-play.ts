import { createLocalJWKSet, jwtVerify } from 'jose';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { compared, medianRow, type BenchCase, type Row } from '../case.ts';
import { BUN, DENO, DENO_RUN, startChildServer, type ChildServer } from '../child-server.ts';
import { HTTP_LOAD, HTTP_PRIME_SECONDS, prime, runLoad, type LoadResult } from '../load.ts';

const PLAY_PATH = '/api/games/packet-run/play?actions=UURRUURUURRRDUUR';

/** `arena` runs at `npm start`'s log level (info, a JSON line per request); `quiet` is the same arena at `warn`. */
const SIDES = ['arena', 'quiet', 'minimal', 'headed', 'logged', 'hono', 'bare'] as const;
type Side = (typeof SIDES)[number];
/** Each round runs every side once, rotated, so each side holds each position equally often. */
const ROUNDS = 4;

interface Run extends LoadResult {
  /** The server's own CPU time per answered request, in microseconds. */
  cpuMicros: number;
}

type Runtime = 'node' | 'bun' | 'deno';

/** How each side is started on one runtime: its executable, and its arguments per side. */
interface Servers {
  executable: string;
  names: Record<Side, string>;
  args: Record<Side, readonly string[]>;
  about: string;
}

const SERVERS: Record<Runtime, Servers> = {
  node: {
    executable: process.execPath,
    names: {
      arena: 'adapters/node',
      quiet: 'adapters/node at log level warn',
      minimal: 'minimal node:http',
      headed: 'minimal form with the arena’s headers, node:http',
      logged: 'minimal form with the arena’s headers and request lines, node:http',
      hono: 'Hono (@hono/node-server)',
      bare: 'bare node:http',
    },
    args: {
      arena: ['scripts/run-built.mjs', 'node'],
      quiet: ['scripts/run-built.mjs', 'node'],
      minimal: ['--import', 'tsx', 'bench/servers/minimal-play.ts'],
      headed: ['--import', 'tsx', 'bench/servers/minimal-play.ts'],
      logged: ['--import', 'tsx', 'bench/servers/minimal-play.ts'],
      hono: ['--import', 'tsx', 'bench/servers/hono-play.ts'],
      bare: ['--import', 'tsx', 'bench/servers/bare-json.ts'],
    },
    about: `
- the real Node adapter (\`dist/server/node.js\`, as \`npm start\` runs it, on a fresh signing key),
  at \`npm start\`'s log level (\`info\`: a JSON line on stdout per request), and again at \`warn\`;
- the minimal form (\`bench/servers/minimal-play.ts\`): \`node:http\`, the query read by hand, the
  same core functions (scoring, receipt, canonical JSON, Ed25519, native SHA-256), one buffer
  written: the same answer, byte for byte but the receipt's time, signed by the same key;
- the same minimal form sending the arena's answer headers as well (CORS, cache-control, nosniff,
  vary and a request id; \`ANSWER_HEADERS\`, read from the arena's answer);
- the same route in Hono (\`bench/servers/hono-play.ts\` on \`@hono/node-server\`), validated by the
  same valibot schema and answered by the same core functions;
- a bare \`node:http\` server (\`bench/servers/bare-json.ts\`) answering a fixed JSON body exactly
  as long as the real one: what serving the bytes alone costs.`,
  },
  bun: {
    executable: BUN,
    names: {
      arena: 'adapters/bun',
      quiet: 'adapters/bun at log level warn',
      minimal: 'minimal Bun.serve',
      headed: 'minimal form with the arena’s headers, Bun.serve',
      logged: 'minimal form with the arena’s headers and request lines, Bun.serve',
      hono: 'Hono on Bun.serve',
      bare: 'bare Bun.serve',
    },
    args: {
      arena: ['adapters/bun/main.ts'],
      quiet: ['adapters/bun/main.ts'],
      minimal: ['bench/servers/web/minimal-play.ts'],
      headed: ['bench/servers/web/minimal-play.ts'],
      logged: ['bench/servers/web/minimal-play.ts'],
      hono: ['bench/servers/web/hono-play.ts'],
      bare: ['bench/servers/web/bare-json.ts'],
    },
    about: `
- the real Bun adapter (\`bun adapters/bun/main.ts\`, as \`npm run start:bun\` runs it), at its default
  log level (\`info\`) and again at \`warn\`;
- the minimal form on \`Bun.serve\` (\`bench/servers/web/minimal-play.ts\`): the query read by
  hand, the same core functions, one Response made from the JSON text;
- the same minimal form sending the arena's answer headers as well (\`ANSWER_HEADERS\`);
- the same route in Hono served by \`Bun.serve\` (\`bench/servers/web/hono-play.ts\`);
- a bare \`Bun.serve\` answering a fixed JSON body exactly as long as the real one
  (\`bench/servers/web/bare-json.ts\`).`,
  },
  deno: {
    executable: DENO,
    names: {
      arena: 'adapters/deno',
      quiet: 'adapters/deno at log level warn',
      minimal: 'minimal Deno.serve',
      headed: 'minimal form with the arena’s headers, Deno.serve',
      logged: 'minimal form with the arena’s headers and request lines, Deno.serve',
      hono: 'Hono on Deno.serve',
      bare: 'bare Deno.serve',
    },
    args: {
      arena: [...DENO_RUN, 'adapters/deno/main.ts'],
      quiet: [...DENO_RUN, 'adapters/deno/main.ts'],
      minimal: [...DENO_RUN, 'bench/servers/web/minimal-play.ts'],
      headed: [...DENO_RUN, 'bench/servers/web/minimal-play.ts'],
      logged: [...DENO_RUN, 'bench/servers/web/minimal-play.ts'],
      hono: [...DENO_RUN, 'bench/servers/web/hono-play.ts'],
      bare: [...DENO_RUN, 'bench/servers/web/bare-json.ts'],
    },
    about: `
- the real Deno adapter (\`deno run … adapters/deno/main.ts\`, as \`npm run start:deno\` runs it), at
  its default log level (\`info\`) and again at \`warn\`;
- the minimal form on \`Deno.serve\` (\`bench/servers/web/minimal-play.ts\`): the query read by
  hand, the same core functions, one Response made from the JSON text;
- the same minimal form sending the arena's answer headers as well (\`ANSWER_HEADERS\`);
- the same route in Hono served by \`Deno.serve\` (\`bench/servers/web/hono-play.ts\`);
- a bare \`Deno.serve\` answering a fixed JSON body exactly as long as the real one
  (\`bench/servers/web/bare-json.ts\`).`,
  },
};

/** Signed play on the real adapter of `runtime`, against the least that gives the same answer, the same route in Hono, and a server doing no work. */
function httpPlayCase(runtime: Runtime): BenchCase {
  const { executable, names, args, about } = SERVERS[runtime];
  return {
    name: `http-play-${runtime}`,
    about: `
Requests per second, latency and the server's own CPU time per request (user and system time of
its process, from /proc, over the measured run) of \`GET ${PLAY_PATH}\` on seven ${runtime === 'node' ? 'Node' : runtime === 'bun' ? 'Bun' : 'Deno'} servers, each in
its own child process, driven by autocannon from the bench process:${about}
The arena at \`info\` writes its request lines to a pipe the bench reads, as a supervisor or a
container runtime would; the two arena sides tell what that log costs. The minimal form answers with a content type alone; its variant with the arena's headers gives
the same answer header for header (but the request id's value and the date), so the two tell
what the headers the contract requires cost from what the arena's layers cost. A third variant
also writes, for each answer, the request line the arena writes at \`info\`, as the arena's
adapters write theirs (a turn's lines in one write to stdout, a pipe the bench reads): the least
a server sending the contract's headers at the default log level costs, a bound on the arena at
\`info\` against the minimal form.
Each is first given ${HTTP_PRIME_SECONDS} s of unmeasured load; then ${ROUNDS} rounds run every side once in rotated
order (${HTTP_LOAD.connections} connections, no pipelining, ${HTTP_LOAD.durationSeconds} s measured, no warm-up after the priming). Figures are
medians of each side's runs, ratios the median of the ratios within a round. Every answer of the
minimal and Hono servers was checked first: the same length as the arena's, and a receipt that
verifies against the arena's JWKS (the variant's, also the arena's headers). On a 2-core machine
the load generator takes a core, so the cheapest servers' rates may be capped by autocannon;
their CPU per request is not.`,
    async run() {
      const servers: ChildServer[] = [];
      const start = async (side: Side, env: Record<string, string>) => {
        const server = await startChildServer(names[side], args[side], env, executable);
        servers.push(server);
        return server;
      };
      try {
        const keys = { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()) };
        // The default level, as `npm start` runs it; the child servers are otherwise started at `warn`.
        const arena = await start('arena', { ...keys, ARENA_LOG_LEVEL: 'info' });
        const quiet = await start('quiet', { ...keys, ARENA_LOG_LEVEL: 'warn' });
        const real = await answerOf(arena.origin + PLAY_PATH);
        const jwks = createLocalJWKSet(await (await fetch(`${arena.origin}/.well-known/jwks.json`)).json());
        const minimal = await start('minimal', keys);
        const headed = await start('headed', { ...keys, ANSWER_HEADERS: JSON.stringify(real.headers) });
        const logged = await start('logged', { ...keys, ANSWER_HEADERS: JSON.stringify(real.headers), REQUEST_LINES: '1' });
        const hono = await start('hono', keys);
        for (const baseline of [quiet, minimal, headed, logged, hono]) await sameAnswer(baseline.origin + PLAY_PATH, real, jwks);
        const headedAnswer = await answerOf(headed.origin + PLAY_PATH);
        if (JSON.stringify(headedAnswer.headers) !== JSON.stringify(real.headers) || headedAnswer.requestId === null) {
          throw new Error(`${names.headed} does not send the arena's headers: ${JSON.stringify(headedAnswer.headers)}`);
        }
        const bare = await start('bare', { BODY_BYTES: String(real.bytes), CONTENT_TYPE: real.contentType });
        if ((await answerOf(bare.origin + PLAY_PATH)).bytes !== real.bytes) throw new Error(`the bare server's body is not ${real.bytes} bytes`);

        const bySide: Record<Side, ChildServer> = { arena, quiet, minimal, headed, logged, hono, bare };
        for (const server of Object.values(bySide)) await prime(server.origin + PLAY_PATH, HTTP_LOAD.connections, HTTP_PRIME_SECONDS);
        const runs: Record<Side, Run[]> = { arena: [], quiet: [], minimal: [], headed: [], logged: [], hono: [], bare: [] };
        for (let round = 0; round < ROUNDS; round++) {
          for (let i = 0; i < SIDES.length; i++) {
            const side = SIDES[(round + i) % SIDES.length]!;
            runs[side].push(await measuredRun(bySide[side]));
          }
        }
        return rows(runs, real.bytes, names);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    },
  };
}

export const httpPlayNodeCase = httpPlayCase('node');
export const httpPlayBunCase = httpPlayCase('bun');
export const httpPlayDenoCase = httpPlayCase('deno');

async function measuredRun(server: ChildServer): Promise<Run> {
  const before = server.cpuSeconds();
  const result = await runLoad(server.origin + PLAY_PATH, { ...HTTP_LOAD, warmupSeconds: 0 });
  return { ...result, cpuMicros: ((server.cpuSeconds() - before) / result.requests) * 1e6 };
}

function rows(runs: Record<Side, Run[]>, bodyBytes: number, names: Record<Side, string>): Row[] {
  const row = (side: Side, label: string, unit: string, figure: (run: Run) => number, note?: string): Row => {
    return medianRow(label, unit, runs[side].map(figure), note);
  };
  const rps = (run: Run) => run.requestsPerSecond;
  const cpu = (run: Run) => run.cpuMicros;
  const list = (side: Side) => runs[side].map((run) => Math.round(rps(run))).join(', ');
  const note = `${bodyBytes}-byte body; runs, req/s: ${SIDES.map((side) => `${list(side)} (${side})`).join('; ')}`;
  return [
    compared(row('arena', `CPU per request, ${names.arena}`, 'µs', cpu), row('minimal', names.minimal, 'µs', cpu)),
    compared(row('quiet', `CPU per request at log level warn, ${names.arena}`, 'µs', cpu), row('minimal', names.minimal, 'µs', cpu)),
    compared(row('arena', `CPU per request, ${names.arena}`, 'µs', cpu), row('quiet', names.quiet, 'µs', cpu)),
    compared(row('arena', `CPU per request, ${names.arena}`, 'µs', cpu), row('hono', names.hono, 'µs', cpu)),
    compared(row('arena', `CPU per request, ${names.arena}`, 'µs', cpu), row('headed', names.headed, 'µs', cpu)),
    compared(row('headed', `CPU per request, ${names.headed}`, 'µs', cpu), row('minimal', names.minimal, 'µs', cpu)),
    // A bound: what the contract's headers and the default log level's lines cost with no framework at all.
    compared(row('logged', `CPU per request, ${names.logged}`, 'µs', cpu), row('minimal', names.minimal, 'µs', cpu)),
    compared(row('arena', `CPU per request, ${names.arena}`, 'µs', cpu), row('logged', names.logged, 'µs', cpu)),
    compared(row('hono', `CPU per request, ${names.hono}`, 'µs', cpu), row('minimal', names.minimal, 'µs', cpu)),
    compared(row('bare', `CPU per request, ${names.bare} (no work)`, 'µs', cpu), row('minimal', names.minimal, 'µs', cpu)),
    compared(row('arena', `GET play, ${names.arena}`, 'req/s', rps, note), row('hono', names.hono, 'req/s', rps)),
    compared(row('arena', `GET play, ${names.arena}`, 'req/s', rps), row('minimal', names.minimal, 'req/s', rps)),
    compared(
      row('arena', `p50 latency, ${names.arena}`, 'ms', (r) => r.p50Ms),
      row('minimal', `p50, ${names.minimal}`, 'ms', (r) => r.p50Ms),
    ),
    compared(
      row('arena', `p99 latency, ${names.arena}`, 'ms', (r) => r.p99Ms),
      row('minimal', `p99, ${names.minimal}`, 'ms', (r) => r.p99Ms),
    ),
  ];
}

interface Answer {
  bytes: number;
  contentType: string;
  /** The answer's headers but those the server sets itself and the request id, in order of name. */
  headers: [string, string][];
  requestId: string | null;
}

/** What the runtime's server adds to every answer, and the one header made afresh for each. */
const NOT_COMPARED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id']);

/** Body length, content type and headers of one uncompressed answer, which must be a 200. */
async function answerOf(url: string): Promise<Answer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = await response.arrayBuffer();
  if (response.status !== 200 || response.headers.has('content-encoding')) throw new Error(`${url} answered ${response.status} ${response.headers.get('content-encoding') ?? ''}`);
  const headers = [...response.headers].filter(([name]) => !NOT_COMPARED.has(name));
  return { bytes: body.byteLength, contentType: response.headers.get('content-type') ?? 'application/json', headers, requestId: response.headers.get('x-request-id') };
}

/** A baseline gives the arena's answer: as long, and with a receipt the arena's JWKS verifies. */
async function sameAnswer(url: string, real: Answer, jwks: ReturnType<typeof createLocalJWKSet>): Promise<void> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200 || Buffer.byteLength(text) !== real.bytes)
    throw new Error(`${url} answered ${response.status} with ${Buffer.byteLength(text)} bytes, not ${real.bytes}`);
  await jwtVerify(JSON.parse(text).receipt.token, jwks, { typ: 'receipt+jwt' });
}
