/** The part of autocannon's programmatic API the bench uses; the package ships no types. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      /** A run before the measured one whose results are discarded. */
      warmup?: { connections?: number; duration?: number };
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
