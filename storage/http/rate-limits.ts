/**
 * Rate-limit windows: one row per client bucket and window, its hits counted by one upsert and
 * refunded by one update, so every instance on the database counts into the same row.
 */
import type { Kysely } from 'kysely';
import type { RateLimitStore } from '../../core/http/rate-limit-store.ts';
import type { Database } from '../database.ts';
import { asNumber } from '../shared/columns.ts';

export function rateLimitStore(db: Kysely<Database>): RateLimitStore {
  return {
    async countHit(bucket, windowStart) {
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1) })))
        .returning('hits')
        .executeTakeFirstOrThrow();
      return asNumber(row.hits);
    },
    async refundHit(bucket, windowStart) {
      await db
        .updateTable('rate_limit_hits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('bucket', '=', bucket)
        .where('window_start', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },
    async purgeHits(before) {
      await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
    },
  };
}
