/**
 * What every durable write passes with its record: the digest of the request that writes it
 * (see `requestDigestOf`). The record keeps it (unique), and a write whose request already
 * wrote returns that record instead of writing another: a retry after a lost answer never
 * doubles a write. Optional for writes made outside a request (tests, tools).
 */
export interface RequestKeyed {
  requestDigest?: string | undefined;
}
