import type { ArenaContext } from '../context.ts';
import { memorySlot } from '../instance-memory.ts';
import { RATE_WINDOW_MS } from './rate-limit.ts';

/** Expired records are deleted at most this often by each instance. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** When this instance last purged. */
const lastPurge = memorySlot('last purge of expired records', () => ({ at: -Infinity }));

/**
 * Housekeeping on the write paths, at most hourly per instance: expired Idempotency-Key
 * records and rate-limit windows that have ended are deleted (indexes make each cheap).
 */
export async function purgeNowAndThen(arena: ArenaContext): Promise<void> {
  const now = arena.now();
  const last = arena.memory.get(lastPurge);
  if (now - last.at < PURGE_EVERY_MS) return;
  last.at = now;
  await arena.store.purgeIdempotencyKeys(now);
  await arena.store.purgeHits(now - RATE_WINDOW_MS);
}
