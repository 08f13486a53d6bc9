import autocannon from 'autocannon';
import { percentile } from './stats.ts';

/** One autocannon setting, used unchanged for a server and for its baseline. */
export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** The one autocannon setting an HTTP case gives both the arena and its bare baseline. */
export const HTTP_LOAD: LoadSettings = { connections: 10, warmupSeconds: 1, durationSeconds: 4 };

/** Unmeasured load on each freshly started server before its first run; a 1 s warm-up is too short for that. */
export const HTTP_PRIME_SECONDS = 3;

/**
 * Arena and bare runs alternating, and balanced (each side holds each position equally often),
 * so neither side gains from running order or from a slow spell of a shared machine.
 */
export const ARENA_BARE_ORDER = ['arena', 'bare', 'bare', 'arena', 'bare', 'arena', 'arena', 'bare'] as const;

/** A request other than a plain GET: its method, headers and body, the same for every request. */
export interface LoadRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds, from each response's own timing. */
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

/**
 * Drives `url` with autocannon from this process: a warm-up whose results are discarded, then
 * the measured run. Fails when any request errs or answers non-2xx, which would mean the
 * figures measure something other than the intended response.
 */
export async function runLoad(url: string, settings: LoadSettings, request?: LoadRequest): Promise<LoadResult> {
  const instance = autocannon({
    url,
    ...request,
    connections: settings.connections,
    pipelining: 1,
    duration: settings.durationSeconds,
    warmup: { connections: settings.connections, duration: settings.warmupSeconds },
  });
  // autocannon's own histogram keeps whole milliseconds; sub-millisecond latencies need these.
  const latencies: number[] = [];
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
  const result = await instance;
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${url}: ${failures} of ${result.requests.total} requests failed or answered non-2xx`);
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: result.requests.total,
  };
}

/** Load whose figures are discarded, so a freshly started server is JIT-compiled before any measured run. */
export async function prime(url: string, connections: number, seconds: number, request?: LoadRequest): Promise<void> {
  await autocannon({ url, ...request, connections, pipelining: 1, duration: seconds });
}

/** One request of a chain: its path, built from the bodies of the chain's earlier answers. */
export interface ChainStep {
  name: string;
  path(previousBodies: readonly string[]): string;
}

export interface ChainLoadResult extends LoadResult {
  /** Chains whose every answer was a 200, per second of the measured run. */
  chainsPerSecond: number;
  chains: number;
}

/**
 * Like `runLoad`, for chains: each connection sends `steps` in order, each built from the
 * answers to the steps before it in the same chain, then starts a new chain. A chain counts
 * once its last answer arrives, if every answer in it was a 200; a chain cut short by the end
 * of the run does not count. Fails when any request errs or answers anything but 200, naming
 * the steps and statuses, since a failed chain would measure other work than a whole one.
 */
export async function runChainLoad(origin: string, steps: readonly ChainStep[], settings: LoadSettings): Promise<ChainLoadResult> {
  await chainRun(origin, steps, settings.connections, settings.warmupSeconds);
  const { result, chains, refused, latencies } = await chainRun(origin, steps, settings.connections, settings.durationSeconds);
  const failures = result.errors + result.timeouts + [...refused.values()].reduce((sum, count) => sum + count, 0);
  if (failures > 0) {
    const statuses = [...refused].map(([what, count]) => `${count} × ${what}`);
    const detail = [...statuses, `${result.errors} errors`, `${result.timeouts} timeouts`, `${result.resets} chains abandoned`].join(', ');
    throw new Error(`${origin}: ${failures} of ${result.requests.total} requests failed or answered other than 200 (${detail})`);
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: result.requests.total,
    chainsPerSecond: chains / result.duration,
    chains,
  };
}

/** Chains whose figures are discarded, so a freshly started server is JIT-compiled before any measured run. */
export async function primeChains(origin: string, steps: readonly ChainStep[], connections: number, seconds: number): Promise<void> {
  await chainRun(origin, steps, connections, seconds);
}

/** One autocannon run of chains, with its own tallies: a warm-up's never mix with the measured run's. */
async function chainRun(origin: string, steps: readonly ChainStep[], connections: number, seconds: number) {
  let chains = 0;
  /** Answers other than 200, by `<step> <status>`. */
  const refused = new Map<string, number>();
  const requests = steps.map(
    (step, index): autocannon.Request => ({
      method: 'GET',
      // The first path depends on nothing; every later one is built after the answer before it.
      ...(index === 0
        ? { path: step.path([]) }
        : { setupRequest: (request, context) => (context.failed ? undefined : { ...request, path: step.path(context.bodies as string[]) }) }),
      onResponse: (status, body, context) => {
        if (status !== 200) {
          const what = `${step.name} ${status}`;
          refused.set(what, (refused.get(what) ?? 0) + 1);
          context.failed = true;
        } else {
          (context.bodies as string[]).push(body);
        }
        if (index === steps.length - 1 && !context.failed) chains++;
      },
    }),
  );
  const instance = autocannon({
    url: origin,
    connections,
    pipelining: 1,
    duration: seconds,
    requests,
    initialContext: { bodies: [], failed: false },
  });
  const latencies: number[] = [];
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
  const result = await instance;
  return { result, chains, refused, latencies };
}
