import type { ArenaEvent, ArenaLog, LogLevel } from '../core/index.ts';
import type { Configuration } from './configuration/read.ts';
import { DEFAULTS } from './configuration/variables.ts';

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

/**
 * The log an adapter hands the arena, at `ARENA_LOG_LEVEL` (default `info`): each event at or
 * above the level as one JSON line, requests through `out`, failures through `err`.
 */
export function arenaLogFor(config: Configuration, out: (line: string) => void, err: (line: string) => void): ArenaLog {
  const level = config.ARENA_LOG_LEVEL ?? DEFAULTS.ARENA_LOG_LEVEL;
  const threshold = RANK[level];
  const log = (event: ArenaEvent) => {
    if (RANK[event.level] < threshold) return;
    (event.event === 'request' ? out : err)(JSON.stringify(event));
  };
  return Object.assign(log, { level });
}
