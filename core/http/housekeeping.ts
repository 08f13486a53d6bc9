import type { ArenaContext } from '../context.ts';
import { RATE_WINDOW_MS } from './rate-limit.ts';

/** Expired records are deleted at most this often by each instance. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

const lastPurge = new WeakMap<ArenaContext, number>();

/**
 * Housekeeping on the durable write path, at most hourly per instance: expired Idempotency-Key
 * records and rate-limit windows that have ended are deleted (indexes make both cheap).
 */
export async function purgeNowAndThen(arena: ArenaContext): Promise<void> {
  const now = arena.now();
  if (now - (lastPurge.get(arena) ?? -Infinity) < PURGE_EVERY_MS) return;
  lastPurge.set(arena, now);
  await arena.store.purgeIdempotencyKeys(now);
  await arena.store.purgeHits(now - RATE_WINDOW_MS);
}
