/** A pagination cursor that this store did not issue (or that is for another listing). */
export class InvalidCursorError extends Error {
  constructor(message = 'the cursor is not one this listing issued') {
    super(message);
    this.name = 'InvalidCursorError';
  }
}
