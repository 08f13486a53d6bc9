const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant, as `YYYY-MM-DD`. */
export function utcDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** 00:00 UTC of the day after the instant's UTC date, in epoch milliseconds. */
export function nextUtcMidnight(epochMs: number): number {
  return (Math.floor(epochMs / DAY_MS) + 1) * DAY_MS;
}

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (so not `2031-02-30`). */
export function isUtcDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const epochMs = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(epochMs) && utcDate(epochMs) === text;
}
