/**
 * Load of distinct requests: autocannon from the bench process, each request built as it is sent
 * from a counter (`requestOf(i)`), so no two requests are alike (a fresh Idempotency-Key, an
 * agent with attempts left). A fixed number of requests rather than a fixed time: the requests
 * use up agents, so a case knows beforehand how many it needs. A connection builds its next
 * request as its last answer arrives, so a few counter values past `amount` may be built and
 * never sent.
 */
import autocannon from 'autocannon';
import type { LoadResult } from './load.ts';
import { percentile } from './stats.ts';

export interface BuiltRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `amount` requests, `connections` at a time; fails unless every one is answered 200.
 * `onAnswer` is given each answer's body as it arrives.
 */
export async function runDistinctRequests(
  origin: string,
  requestOf: (i: number) => BuiltRequest,
  amount: number,
  connections: number,
  onAnswer?: (body: string) => void,
): Promise<LoadResult> {
  let next = 0;
  let firstRefusal: string | undefined;
  const instance = autocannon({
    url: origin,
    connections,
    pipelining: 1,
    amount,
    requests: [
      {
        setupRequest: (request) => ({ ...request, ...requestOf(next++) }),
        onResponse: (status, body) => {
          if (status !== 200) firstRefusal ??= `${status} ${body.slice(0, 300)}`;
          else onAnswer?.(body);
        },
      },
    ],
  });
  // autocannon's own histogram keeps whole milliseconds; sub-millisecond latencies need these.
  const latencies: number[] = [];
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
  const result = await instance;
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0 || firstRefusal !== undefined) {
    throw new Error(`${origin}: ${failures} of ${result.requests.total} requests failed or answered other than 200 (first: ${firstRefusal ?? 'none'})`);
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: result.requests.total,
  };
}
