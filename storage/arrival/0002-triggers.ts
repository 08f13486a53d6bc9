/**
 * The Arrival Hall's trigger of migration 0002: a check-in adds itself to the one-row totals.
 */
import type { TriggerSpec } from '../shared/migration-sql.ts';

export function arrivalTriggers(): TriggerSpec[] {
  return [
    {
      name: 'arrival_recorded',
      table: 'arrivals',
      event: 'AFTER INSERT',
      body: [`UPDATE arrival_totals SET arrivals = arrivals + 1 WHERE id = 1`],
    },
  ];
}
