import autocannon from 'autocannon';
import { percentile } from './stats.ts';

/** One autocannon setting, used unchanged for a server and for its baseline. */
export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
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
export async function runLoad(url: string, settings: LoadSettings): Promise<LoadResult> {
  const instance = autocannon({
    url,
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
export async function prime(url: string, connections: number, seconds: number): Promise<void> {
  await autocannon({ url, connections, pipelining: 1, duration: seconds });
}
