/**
 * Migration 0005: rate-limit windows. A row per client bucket (a digest of the client's address,
 * never the address) and window start, counting its hits; old windows are purged.
 */
import type { Kysely } from 'kysely';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from './0001-league.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  const millis = family === 'postgres' ? 'bigint' : 'integer';
  await runEach(db, [
    `CREATE TABLE IF NOT EXISTS rate_limit_hits (
      bucket text NOT NULL,
      window_start ${millis} NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (bucket, window_start)
    )`,
    `CREATE INDEX IF NOT EXISTS rate_limit_hits_window ON rate_limit_hits (window_start)`,
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runEach(db, ['DROP TABLE IF EXISTS rate_limit_hits']);
}
