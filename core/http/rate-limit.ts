import type { ArenaContext } from '../context.ts';
import { dayDigester } from '../crypto/day-digest.ts';
import { utcDate } from '../time/utc-day.ts';
import { HttpError } from './problem.ts';

/** The window anonymous durable writes are counted in; whole hours never span two UTC days. */
export const RATE_WINDOW_MS = 3_600_000;

/**
 * Counts an anonymous durable write (a league join, a capability redemption, an arrival) against
 * its client's hourly budget, or refuses it with 429 and `Retry-After` (the end of the window).
 * Clients are told apart by a digest of their address under a key of the day, never by the
 * address, and counted in the database, so the budget holds across every instance on it.
 */
export async function chargeAnonymousWrite(arena: ArenaContext, clientAddress: string | undefined): Promise<void> {
  const limit = arena.settings.anonymousWritesPerHour;
  if (limit === 0) return;
  const now = arena.now();
  const windowStart = now - (now % RATE_WINDOW_MS);
  const bucket = dayDigester(arena.secret, 'rate-limit', utcDate(windowStart))(`address|${clientAddress ?? 'unknown'}`);
  if ((await arena.store.countHit(bucket, windowStart)) <= limit) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000));
  throw new HttpError('rate-limited', `this client has made ${limit} anonymous durable writes (joins, capability redemptions, check-ins, A2A messages) this hour; try again in ${retryAfter} s`, {
    headers: { 'retry-after': String(retryAfter) },
  });
}
