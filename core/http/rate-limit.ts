import type { ArenaContext } from '../context.ts';
import { dayDigester } from '../crypto/day-digest.ts';
import { utcDate } from '../time/utc-day.ts';
import { HttpError } from './problem.ts';

/** The window anonymous durable writes are counted in; whole hours never span two UTC days. */
export const RATE_WINDOW_MS = 3_600_000;

/** One anonymous write counted against its client's budget, until it is refunded. */
export interface Charge {
  /** Gives the hit back; if even that fails (storage is down), it counts until its hour ends. */
  refund(): Promise<void>;
}

const NOTHING_CHARGED: Charge = { refund: async () => undefined };

/**
 * Runs an anonymous durable write (a league join, a capability redemption, an arrival, a key
 * change by registration) charged against its client's hourly budget, or refuses it with 429.
 * Only writes that are kept are paid for: an answer of 400 or more (a refusal, an outage), or a
 * throw, refunds the charge.
 *
 * Charging first and refunding after keeps the limit exact across instances and concurrent
 * requests (no read-then-write): a write runs only if its own atomic hit left the count within
 * the limit, and only refusals give hits back. While refusals are in flight they hold hits, so
 * a genuine write racing a flood may be refused 429 and retried; a process killed between the
 * charge and the refund leaves that hit counted until its hour ends. Both err towards refusing.
 */
export async function chargedAnonymousWrite(arena: ArenaContext, clientAddress: string | undefined, write: () => Promise<Response>): Promise<Response> {
  const charge = await chargeAnonymousWrite(arena, clientAddress);
  let response: Response;
  try {
    response = await write();
  } catch (error) {
    await charge.refund();
    throw error;
  }
  if (response.status >= 400) await charge.refund();
  return response;
}

/**
 * Counts an anonymous durable write against its client's hourly budget, or refuses it with 429
 * and `Retry-After` (the end of the window), the refused hit given back at once. Clients are
 * told apart by a digest of their address under a key of the day, never by the address, and
 * counted in the database, so the budget holds across every instance on it.
 */
async function chargeAnonymousWrite(arena: ArenaContext, clientAddress: string | undefined): Promise<Charge> {
  const limit = arena.settings.anonymousWritesPerHour;
  if (limit === 0) return NOTHING_CHARGED;
  const now = arena.now();
  const windowStart = now - (now % RATE_WINDOW_MS);
  const bucket = dayDigester(arena.secret, 'rate-limit', utcDate(windowStart))(`address|${clientAddress ?? 'unknown'}`);
  const hits = await arena.store.countHit(bucket, windowStart);
  const charge = { refund: () => arena.store.refundHit(bucket, windowStart).catch(() => undefined) };
  if (hits <= limit) return charge;
  await charge.refund();
  const retryAfter = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000));
  throw new HttpError(
    'rate-limited',
    `this client has made ${limit} anonymous durable writes (joins, capability redemptions, check-ins, key changes by registration) this hour; try again in ${retryAfter} s`,
    {
      headers: { 'retry-after': String(retryAfter) },
    },
  );
}
