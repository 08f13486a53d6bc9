/**
 * What every durable write passes with its record: the digest of the request that writes it
 * (see `requestDigestOf`). The record keeps it (unique), and a write whose request already
 * wrote returns that record instead of writing another: a retry after a lost answer never
 * doubles a write. Optional for writes made outside a request (tests, tools).
 */
export interface RequestKeyed {
  requestDigest?: string | undefined;
}

/**
 * A write whose record holds the request's Idempotency-Key (a league submit's attempt, which
 * keeps `keyDigest`, unique): no claim is written before it. It is not written while an
 * unexpired idempotency record holds the key for another request, or has answered it; `now`
 * tells which have expired.
 */
export interface KeyHolding {
  keyDigest: string;
  fingerprint: string;
  now: number;
}
