/** The part of autocannon's programmatic API the bench uses; the package ships no types. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      /** Every request's method, headers and body, when `requests` is not given. */
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Requests in all, instead of a duration: spread over the connections. */
      amount?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      /** A run before the measured one whose results are discarded. */
      warmup?: { connections?: number; duration?: number };
      /** Requests each connection sends in turn, starting over after the last one. */
      requests?: Request[];
      /** What `context` holds at the start of each pass over `requests`; cloned for each. */
      initialContext?: Record<string, unknown>;
    }

    /**
     * One request of `requests`. `context` is the connection's own, reset to `initialContext`
     * whenever it starts over at the first request.
     */
    interface Request {
      method?: string;
      path?: string;
      /** Builds the request as it is sent; a falsy result starts over at the first request (a reset). */
      setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData | undefined;
      /** Sees each answer, before the connection's next request is built. */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }

    interface RequestData {
      method: string;
      path: string;
      [key: string]: unknown;
    }

    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
    }

    interface Result {
      /** Seconds actually measured. */
      duration: number;
      requests: Histogram;
      /** Milliseconds, recorded as whole numbers. */
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      /** Times a connection started over because `setupRequest` returned a falsy value. */
      resets: number;
    }

    /** An event emitter that is also a promise of the result. */
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
      /** `response` carries (client, statusCode, bytes, responseTimeMs) for each measured response. */
      on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
