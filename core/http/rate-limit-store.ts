export interface RateLimitStore {
  /**
   * Counts one hit in a client's window and returns the window's count, this hit included. One
   * statement (an upsert), so hits from every instance sharing the database count together.
   */
  countHit(bucket: string, windowStart: number): Promise<number>;
  /**
   * Takes one hit back from a client's window (a write it counted was refused), never below
   * none. One statement, so it undoes exactly one `countHit` whatever else runs at once.
   */
  refundHit(bucket: string, windowStart: number): Promise<void>;
  /** Deletes the windows that started before `before` (housekeeping). */
  purgeHits(before: number): Promise<void>;
}
