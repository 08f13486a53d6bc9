import { createHash } from 'node:crypto';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { compared, medianRow, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { ARENA_BARE_ORDER, HTTP_LOAD, HTTP_PRIME_SECONDS, primeChains, runChainLoad, type ChainLoadResult, type ChainStep } from '../load.ts';

const BASE = '/api/games/triad-duel';
/** One duel for every chain: four each of R, P and S on both sides, a nonce of the allowed characters. */
const CHALLENGER_MOVES = 'RPSSPRRSPPSR';
const RESPONDER_MOVES = 'SSRPRPPRSPSR';
const NONCE = 'bench-nonce-0123456789abcdef';
const STEP_NAMES = ['invite', 'respond', 'reveal'] as const;

type Side = (typeof ARENA_BARE_ORDER)[number];

/** The whole Triad Duel handshake over HTTP against a bare server sending the same bytes. */
export const httpTriadChainNodeCase: BenchCase = {
  name: 'http-triad-chain-node',
  about: `
Chains and requests per second of the whole Triad Duel chain over HTTP on the real Node adapter
(\`adapters/node/main.ts\`, fresh \`ARENA_SIGNING_KEY\` and \`ARENA_SECRET\`). \`GET ${BASE}\` is asked once
for today's circuit id; then each autocannon connection repeats the chain \`GET ${BASE}/invite?commitment=…&circuit=…&challenger=bench\`
→ \`GET …/respond?inviteToken=<from invite>&moves=…&responder=bench\` → \`GET …/reveal?responseToken=<from respond>&moves=…&nonce=…\`,
one fixed duel with its commitment computed as a client would (SHA-256 of
\`triad-duel/1|{circuitId}|{MOVES}|{nonce}\`, \`node:crypto\`), each request built from the answer
before it. A chain counts once its reveal answers, if all three answers were 200; any other
status, error or timeout fails the case. A chain signs three tokens and verifies two. The
baseline is a bare \`node:http\` server (\`bench/servers/bare-routes.ts\`) answering the same three
paths with one real answer of each, captured beforehand: the same bytes and content types, so the
load generator parses the same bodies and sends requests of the same length. Each server runs in
its own child process and autocannon drives it from the bench process; each first gets
${HTTP_PRIME_SECONDS} s of unmeasured chains; then, with the same setting for both (${HTTP_LOAD.connections} connections, no
pipelining, ${HTTP_LOAD.warmupSeconds} s warm-up, ${HTTP_LOAD.durationSeconds} s measured), they are run ${ARENA_BARE_ORDER.length / 2} times each in the order
${ARENA_BARE_ORDER.join(', ')}. Figures are medians of each side's runs, ratios medians of the ratios of
neighbouring runs; latency is per request, over all three steps. As in http-play-node, the bare
server's figure may be capped by autocannon on a 2-core machine, and more so here: every request
after the first is built anew from the answer before it, and the reveal answer is the largest.
The real gap is then at least as wide as the ratio shows.`,
  async run() {
    const servers: ChildServer[] = [];
    try {
      const arena = await startChildServer('adapters/node', ['scripts/run-built.mjs', 'node'], {
        ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
        ARENA_SECRET: encodeBase64Url(randomSeed()),
      });
      servers.push(arena);
      // An invite must name today's circuit: a run across UTC midnight fails with invite 400s.
      const circuitId = await todaysCircuitId(arena.origin);
      const steps = chainSteps(circuitId);
      const real = await oneChain(arena.origin, steps);
      const again = await oneChain(arena.origin, steps);
      if (bytesOf(again).join() !== bytesOf(real).join()) {
        throw new Error(`the arena's answers changed size between chains (${bytesOf(real).join(', ')}, then ${bytesOf(again).join(', ')} bytes)`);
      }
      const routes = Object.fromEntries(real.map((answer) => [answer.path, { contentType: answer.contentType, body: answer.body }]));
      const bare = await startChildServer('bare node:http routes', ['--import', 'tsx', 'bench/servers/bare-routes.ts'], {
        ROUTES: JSON.stringify(routes),
      });
      servers.push(bare);
      const baseline = await oneChain(bare.origin, steps);
      if (bytesOf(baseline).join() !== bytesOf(real).join()) {
        throw new Error(`the bare server sent ${bytesOf(baseline).join(', ')} bytes, not ${bytesOf(real).join(', ')}`);
      }

      const origins: Record<Side, string> = { arena: arena.origin, bare: bare.origin };
      for (const origin of Object.values(origins)) await primeChains(origin, steps, HTTP_LOAD.connections, HTTP_PRIME_SECONDS);
      const runs: Record<Side, ChainLoadResult[]> = { arena: [], bare: [] };
      for (const side of ARENA_BARE_ORDER) runs[side].push(await runChainLoad(origins[side], steps, HTTP_LOAD));
      return rows(runs, bytesOf(real));
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  },
};

function chainSteps(circuitId: string): ChainStep[] {
  const commitment = createHash('sha256').update(`triad-duel/1|${circuitId}|${CHALLENGER_MOVES}|${NONCE}`, 'utf8').digest('hex');
  // Tokens are base64url with dots, which a query carries unescaped.
  return [
    { name: 'invite', path: () => `${BASE}/invite?commitment=${commitment}&circuit=${circuitId}&challenger=bench` },
    {
      name: 'respond',
      path: ([invited]) => `${BASE}/respond?inviteToken=${field(invited, 'inviteToken')}&moves=${RESPONDER_MOVES}&responder=bench`,
    },
    {
      name: 'reveal',
      path: ([, responded]) => `${BASE}/reveal?responseToken=${field(responded, 'responseToken')}&moves=${CHALLENGER_MOVES}&nonce=${NONCE}`,
    },
  ];
}

/** A string field of a JSON answer. */
function field(body: string | undefined, name: string): string {
  const value: unknown = body === undefined ? undefined : (JSON.parse(body) as Record<string, unknown>)[name];
  if (typeof value !== 'string') throw new Error(`the answer carries no ${name}`);
  return value;
}

async function todaysCircuitId(origin: string): Promise<string> {
  const response = await fetch(origin + BASE);
  if (response.status !== 200) throw new Error(`GET ${BASE} answered ${response.status}`);
  const rules = (await response.json()) as { circuit?: { id?: unknown } };
  if (typeof rules.circuit?.id !== 'string') throw new Error(`GET ${BASE} named no circuit`);
  return rules.circuit.id;
}

interface Answer {
  path: string;
  contentType: string;
  body: string;
}

/** One chain with fetch, each answer a 200: what the bare server will send, and a check that it does. */
async function oneChain(origin: string, steps: readonly ChainStep[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const step of steps) {
    const pathAndQuery = step.path(answers.map((answer) => answer.body));
    const response = await fetch(origin + pathAndQuery);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${step.name} answered ${response.status}: ${body}`);
    answers.push({ path: pathAndQuery.split('?')[0]!, contentType: response.headers.get('content-type') ?? 'application/json', body });
  }
  return answers;
}

function bytesOf(answers: readonly Answer[]): number[] {
  return answers.map((answer) => Buffer.byteLength(answer.body));
}

function rows(runs: Record<Side, ChainLoadResult[]>, bodyBytes: readonly number[]): Row[] {
  const row = (side: Side, label: string, unit: string, figure: (run: ChainLoadResult) => number, note?: string): Row => {
    return medianRow(label, unit, runs[side].map(figure), note);
  };
  const cps = (run: ChainLoadResult) => run.chainsPerSecond;
  const rps = (run: ChainLoadResult) => run.requestsPerSecond;
  const list = (side: Side) => runs[side].map((run) => Math.round(cps(run))).join(', ');
  const sizes = STEP_NAMES.map((name, i) => `${name} ${bodyBytes[i]}`).join(', ');
  const checked = [...runs.arena, ...runs.bare].reduce((sum, run) => sum + run.requests, 0);
  const chainsNote = `bodies, bytes: ${sizes}; runs, chains/s: ${list('arena')} (adapter), ${list('bare')} (bare)`;
  const requestsNote = `all ${checked.toLocaleString('en-US')} measured answers were 200`;
  return [
    compared(row('arena', 'invite → respond → reveal, adapters/node', 'chains/s', cps, chainsNote), row('bare', 'bare node:http', 'chains/s', cps)),
    compared(row('arena', 'requests, adapters/node', 'req/s', rps, requestsNote), row('bare', 'bare node:http', 'req/s', rps)),
    compared(
      row('arena', 'p50 latency, adapters/node', 'ms', (r) => r.p50Ms),
      row('bare', 'p50, bare node:http', 'ms', (r) => r.p50Ms),
    ),
    compared(
      row('arena', 'p99 latency, adapters/node', 'ms', (r) => r.p99Ms),
      row('bare', 'p99, bare node:http', 'ms', (r) => r.p99Ms),
    ),
  ];
}
