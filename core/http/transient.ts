/**
 * Statuses that say "not now" rather than "no": rate limited, storage or a surface
 * unavailable, or a failure of the service. A durable write refused with one of them keeps
 * nothing, its Idempotency-Key included, so the same request may simply be sent again.
 */
export function isTransient(status: number): boolean {
  return status === 429 || status >= 500;
}
