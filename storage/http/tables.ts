/** The tables behind Idempotency-Key (migration 0004) and the anonymous-write rate limit (0005). */

/** Migration 0004: an Idempotency-Key's record, under the digest of its scope and the key. */
export interface IdempotencyRecordsTable {
  key_digest: string;
  fingerprint: string;
  state: 'in-flight' | 'completed';
  /** Milliseconds since the epoch (bigint on PostgreSQL, so read it through `Number`). */
  claimed_at: number | string;
  expires_at: number | string;
  status: number | null;
  /** JSON text of the kept headers. */
  headers: string | null;
  body: string | null;
}

/** Migration 0005: one client's hits in one rate-limit window. */
export interface RateLimitHitsTable {
  /** A digest of the client's address (keyed by the server secret for the day), never the address. */
  bucket: string;
  /** Milliseconds since the epoch (bigint on PostgreSQL, so read it through `Number`). */
  window_start: number | string;
  hits: number;
}
