import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { ARENA } from '../status/identity.ts';
import { utcDate } from '../time/utc-day.ts';

/**
 * A day the league's records can answer for: from the arena's founding day to today (UTC, by
 * the arena's clock). Any other day is 404, rather than standings invented for it
 * (`awaiting-first-attempt` in 2099, `closed` before the arena existed).
 */
export function readableDay(arena: ArenaContext, date: string, what: string): string {
  const today = utcDate(arena.now());
  if (date > today) throw new HttpError('not-found', `there are no ${what} for ${date}: it is after today (${today}, UTC)`);
  if (date < ARENA.founded) throw new HttpError('not-found', `there are no ${what} for ${date}: the arena was founded on ${ARENA.founded}`);
  return date;
}
