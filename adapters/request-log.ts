import type { RequestLog } from '../core/http/request-log.ts';
import type { Configuration } from './environment.ts';

/**
 * The request log an adapter hands the arena: at `ARENA_LOG_LEVEL=info` (the default), each
 * request's event as one JSON line through `write`; at `warn`, `error` or `silent`, none.
 */
export function requestLogFor(config: Configuration, write: (line: string) => void): RequestLog | undefined {
  if ((config.ARENA_LOG_LEVEL ?? 'info') !== 'info') return undefined;
  return (event) => write(JSON.stringify(event));
}
