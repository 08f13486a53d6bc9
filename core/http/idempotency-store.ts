/** The records behind Idempotency-Key: claims, and the answers stored for replay. */

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Which claim a completion or release belongs to: a takeover has a later `claimedAt`. */
export interface IdempotencyClaimRef {
  /** SHA-256 of the key's scope and the key: the key itself is never stored. */
  keyDigest: string;
  claimedAt: number;
}

export type IdempotencyClaim = { state: 'claimed'; claimedAt: number } | { state: 'completed'; response: StoredResponse } | { state: 'in-flight' } | { state: 'mismatch' };

export interface IdempotencyStore {
  /**
   * Claims an Idempotency-Key by its digest (scope and key). `claimed`: the caller runs the request (the key
   * was new or expired, or its same request was left in flight longer than `staleAfterMs`).
   * Otherwise the existing record: `completed` with the stored response when the fingerprint
   * matches, `in-flight` while the first request runs, `mismatch` for a different fingerprint.
   */
  claimIdempotencyKey(claim: { keyDigest: string; fingerprint: string; now: number; staleAfterMs: number; keepForMs: number }): Promise<IdempotencyClaim>;
  /**
   * Stores the response of a claim, for replay until `expiresAt`. A claim that was taken over
   * (its `claimedAt` no longer matches) changes nothing.
   */
  completeIdempotencyKey(claim: IdempotencyClaimRef, response: StoredResponse, expiresAt: number): Promise<void>;
  /** Gives a claim up (its request failed before anything was acknowledged). */
  releaseIdempotencyKey(claim: IdempotencyClaimRef): Promise<void>;
  /** Deletes expired idempotency records (housekeeping; an index makes it cheap). */
  purgeIdempotencyKeys(now: number): Promise<void>;
}
