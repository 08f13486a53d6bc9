import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { compared, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { ARENA_BARE_ORDER, HTTP_LOAD, HTTP_PRIME_SECONDS, prime, runLoad, type LoadResult } from '../load.ts';
import { median, relativeSpread } from '../stats.ts';

const PLAY_PATH = '/api/games/packet-run/play?actions=UURRUURUURRRDUUR';

type Side = (typeof ARENA_BARE_ORDER)[number];

/** The real Node adapter against the cheapest server that sends the same number of bytes. */
export const httpPlayNodeCase: BenchCase = {
  name: 'http-play-node',
  about: `
Requests per second and latency of \`GET ${PLAY_PATH}\` on the real Node adapter
(\`adapters/node/main.ts\`, a fresh signing key), against a baseline: a bare \`node:http\` server
(\`bench/servers/bare-json.ts\`) answering a fixed JSON body exactly as long as one real response,
with the same content type. Each server runs in its own child process and autocannon drives it
from the bench process. Each server first gets ${HTTP_PRIME_SECONDS} s of unmeasured load; then, with the same
setting for both (${HTTP_LOAD.connections} connections, no pipelining, ${HTTP_LOAD.warmupSeconds} s warm-up, ${HTTP_LOAD.durationSeconds} s measured), they
are run ${ARENA_BARE_ORDER.length / 2} times each in the order ${ARENA_BARE_ORDER.join(', ')}. Each figure is the median of that
side's runs, each ratio the median of the ratios of neighbouring runs, and the note lists every
run's rate. Latency percentiles come from every measured response's own timing. On a 2-core
machine the load generator needs a core of its own, so the bare server's figure may be capped by
autocannon: the real gap is at least as wide as the ratio shows.`,
  async run() {
    const servers: ChildServer[] = [];
    try {
      const arena = await startChildServer('adapters/node', ['scripts/run-built.mjs', 'node'], {
        ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
      });
      servers.push(arena);
      const real = await responseShape(arena.origin + PLAY_PATH);
      const bare = await startChildServer('bare node:http', ['--import', 'tsx', 'bench/servers/bare-json.ts'], {
        BODY_BYTES: String(real.bytes),
        CONTENT_TYPE: real.contentType,
      });
      servers.push(bare);
      const baseline = await responseShape(bare.origin + PLAY_PATH);
      if (baseline.bytes !== real.bytes) throw new Error(`the bare server sent ${baseline.bytes} bytes, not ${real.bytes}`);

      const origins: Record<Side, string> = { arena: arena.origin, bare: bare.origin };
      for (const origin of Object.values(origins)) await prime(origin + PLAY_PATH, HTTP_LOAD.connections, HTTP_PRIME_SECONDS);
      const runs: Record<Side, LoadResult[]> = { arena: [], bare: [] };
      for (const side of ARENA_BARE_ORDER) runs[side].push(await runLoad(origins[side] + PLAY_PATH, HTTP_LOAD));
      return rows(runs, real.bytes);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  },
};

function rows(runs: Record<Side, LoadResult[]>, bodyBytes: number): Row[] {
  const row = (side: Side, label: string, unit: string, figure: (run: LoadResult) => number, note?: string): Row => {
    const values = runs[side].map(figure);
    const value = median(values);
    return { label, value, unit, spread: relativeSpread(values, value), samples: values, ...(note === undefined ? {} : { note }) };
  };
  const rps = (run: LoadResult) => run.requestsPerSecond;
  const list = (side: Side) => runs[side].map((run) => Math.round(rps(run))).join(', ');
  const runsNote = `${bodyBytes}-byte body; runs, req/s: ${list('arena')} (adapter), ${list('bare')} (bare)`;
  return [
    compared(row('arena', 'GET play, adapters/node', 'req/s', rps, runsNote), row('bare', 'bare node:http', 'req/s', rps)),
    compared(row('arena', 'p50 latency, adapters/node', 'ms', (r) => r.p50Ms), row('bare', 'p50, bare node:http', 'ms', (r) => r.p50Ms)),
    compared(row('arena', 'p99 latency, adapters/node', 'ms', (r) => r.p99Ms), row('bare', 'p99, bare node:http', 'ms', (r) => r.p99Ms)),
  ];
}

/** Body length and content type of one response, which must be a 200. */
async function responseShape(url: string): Promise<{ bytes: number; contentType: string }> {
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { bytes: body.byteLength, contentType: response.headers.get('content-type') ?? 'application/json' };
}
