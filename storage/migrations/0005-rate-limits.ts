/**
 * Migration 0005: rate-limit windows. A row per client bucket (a digest of the client's address,
 * never the address) and window start, counting its hits; old windows are purged.
 */
import type { Kysely } from 'kysely';
import { RATE_LIMITS_DOWN, rateLimitsUp } from '../http/0005-rate-limits.ts';
import type { DialectFamily } from '../shared/family.ts';
import { runEach } from '../shared/migration-sql.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, rateLimitsUp(family));
}

export async function down(db: Kysely<any>): Promise<void> {
  await runEach(db, RATE_LIMITS_DOWN);
}
