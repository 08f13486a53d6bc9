import { textResponse } from '../http/respond.ts';
import { defineRoute } from '../http/route.ts';

/** Prometheus' text exposition format, version 0.0.4. */
const EXPOSITION_TYPE = 'text/plain; version=0.0.4';

/**
 * `/metrics` for a Prometheus scraper: this instance's counts since it started. It names the
 * routes and how busy they are, so it is the operator's, behind the operator token.
 */
export const metricsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/metrics',
    operationId: 'getMetrics',
    summary: "This instance's metrics in Prometheus text format (requests, latency, storage, build); the operator token is required",
    auth: 'operator',
    responds: { type: `${EXPOSITION_TYPE}; charset=utf-8`, description: 'Counters, gauges and histograms in Prometheus text exposition format 0.0.4' },
    handle: (_, arena) => textResponse(arena.metrics.exposition(), EXPOSITION_TYPE),
  }),
];
