/** The statements of migration 0005 (see storage/migrations/0005-rate-limits.ts): rate-limit windows. */
import type { DialectFamily } from '../shared/family.ts';

export function rateLimitsUp(family: DialectFamily): string[] {
  const millis = family === 'postgres' ? 'bigint' : 'integer';
  return [
    `CREATE TABLE IF NOT EXISTS rate_limit_hits (
      bucket text NOT NULL,
      window_start ${millis} NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (bucket, window_start)
    )`,
    `CREATE INDEX IF NOT EXISTS rate_limit_hits_window ON rate_limit_hits (window_start)`,
  ];
}

export const RATE_LIMITS_DOWN = ['DROP TABLE IF EXISTS rate_limit_hits'];
