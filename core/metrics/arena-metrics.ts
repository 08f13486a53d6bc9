import { isImplementedMethod } from '../http/refusals.ts';
import { ARENA } from '../status/identity.ts';
import { Counter, exposition, Gauge, Histogram } from './registry.ts';

/** Latency buckets in seconds: a cached read answers in well under a millisecond, a cold write in tens. */
const LATENCY_BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What one arena instance counts since it started: its requests by route pattern (never the
 * URL) and status, their latency, the requests in flight and event streams open, each storage
 * operation's latency and failures, and what is running. Per instance: a scraper sums across instances.
 */
export function createArenaMetrics(runtime: string, startedAt: number): ArenaMetrics {
  const requests = new Counter('arena_http_requests_total', 'Requests answered, by method, route pattern and status.');
  const latency = new Histogram('arena_http_request_duration_seconds', 'Time to answer a request, by method, route pattern and status.', LATENCY_BOUNDS);
  const inFlight = new Gauge('arena_http_requests_in_flight', 'Requests being answered now.');
  const storage = new Histogram('arena_storage_operation_duration_seconds', 'Time of each storage operation, by operation and outcome.', LATENCY_BOUNDS);
  const storageErrors = new Counter('arena_storage_errors_total', 'Storage operations that failed, by operation and kind (unavailable or other).');
  const eventStreams = new Gauge('arena_event_streams_open', 'Event streams (GET /api/events) this instance holds open now.');
  const exportsOpen = new Gauge('arena_exports_open', 'Exports (GET /api/exports/*) under way on this instance now.');
  const build = new Gauge('arena_build_info', 'The running service: its version, protocol and runtime (always 1).');
  const started = new Gauge('arena_start_time_seconds', 'When this instance started, in seconds since the Unix epoch.');
  build.set({ version: ARENA.version, protocol: ARENA.protocol, runtime }, 1);
  started.set({}, startedAt / 1000);
  inFlight.set({}, 0);
  eventStreams.set({}, 0);
  exportsOpen.set({}, 0);

  return {
    requestStarted() {
      inFlight.add({}, 1);
      return ({ method, route, status, seconds }) => {
        inFlight.add({}, -1);
        // A client may send any method token: those no route answers share one label, so the
        // number of series stays bounded whatever is sent.
        const labels = { method: isImplementedMethod(method) ? method : 'other', route: route ?? 'unmatched', status: String(status) };
        requests.inc(labels);
        latency.observe(labels, seconds);
      };
    },
    storageOperation(operation, seconds, failure) {
      storage.observe({ operation, outcome: failure === null ? 'ok' : 'error' }, seconds);
      if (failure !== null) storageErrors.inc({ operation, kind: failure });
    },
    eventStreamOpened() {
      eventStreams.add({}, 1);
      return () => eventStreams.add({}, -1);
    },
    exportOpened() {
      exportsOpen.add({}, 1);
      return () => exportsOpen.add({}, -1);
    },
    exposition: () => exposition([requests, latency, inFlight, eventStreams, exportsOpen, storage, storageErrors, build, started]),
  };
}

/** An instance's counters, and their Prometheus text. */
export interface ArenaMetrics {
  /** Call as a request arrives; call what it returns once it is answered. */
  requestStarted(): (answered: { method: string; route: string | null; status: number; seconds: number }) => void;
  storageOperation(operation: string, seconds: number, failure: 'unavailable' | 'other' | null): void;
  /** Call as an event stream opens; call what it returns once, as it ends. */
  eventStreamOpened(): () => void;
  /** An export has begun; call what it gives when the export ends. */
  exportOpened(): () => void;
  exposition(): string;
}
