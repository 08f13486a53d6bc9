const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant, as `YYYY-MM-DD`. */
export function utcDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** 00:00 UTC of the day after the instant's UTC date, in epoch milliseconds. */
export function nextUtcMidnight(epochMs: number): number {
  return (Math.floor(epochMs / DAY_MS) + 1) * DAY_MS;
}
