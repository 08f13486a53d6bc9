/**
 * The Arrival Hall's trigger of migration 0002: a check-in adds itself to the one-row totals.
 */
import { updateTotals, type AddToTotals, type TriggerSpec } from '../shared/migration-sql.ts';

/** The Arrival Hall's one-row totals and their count column. */
export const ARRIVAL_TOTALS = { table: 'arrival_totals', columns: ['arrivals'] } as const;

/** The trigger; `add` says how it adds to the totals (in place, or as a pending share from 0011 on PostgreSQL). */
export function arrivalTriggers(add: AddToTotals = updateTotals): TriggerSpec[] {
  return [
    {
      name: 'arrival_recorded',
      table: 'arrivals',
      event: 'AFTER INSERT',
      body: [add('arrival_totals', { arrivals: '1' })],
    },
  ];
}
