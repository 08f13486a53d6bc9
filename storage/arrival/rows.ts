/** The Arrival Hall's stored rows as records. */
import type { Selectable } from 'kysely';
import type { ArrivalRecord } from '../../core/arrival/records.ts';
import type { ArrivalsTable } from './tables.ts';

/** The public part of an arrival: never its digests or its date. */
export function toArrival(row: Selectable<ArrivalsTable>): ArrivalRecord {
  return {
    id: row.id,
    handle: row.handle,
    displayName: row.display_name,
    model: row.model,
    sentBy: row.sent_by,
    source: row.source,
    purpose: row.purpose,
    arrivedAt: row.arrived_at,
  };
}
