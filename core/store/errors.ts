/** A pagination cursor that this store did not issue (or that is for another listing). */
export class InvalidCursorError extends Error {
  constructor(message = 'the cursor is not one this listing issued') {
    super(message);
    this.name = 'InvalidCursorError';
  }
}

/**
 * The database cannot be reached or stays too busy right now: a passing condition of the
 * operator's, not a bug. The arena answers 503 with `Retry-After`, keeps nothing of the
 * request, and recovers by itself when the database is back.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}
