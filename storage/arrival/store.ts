/**
 * The Arrival Hall. A check-in is retained as the client's next number of the day, as attempts
 * are (UNIQUE (date, client_digest, number); see storage/shared/next-number.ts): when nothing
 * was inserted, a read finds what this request already recorded, or tells a full day from a lost
 * race, which is retried. The digests are stored, never read back.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ArrivalStore } from '../../core/arrival/store.ts';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { NewArrival } from '../../core/arrival/records.ts';
import type { ArrivalsTable } from './tables.ts';
import type { Database } from '../database.ts';
import { readTotals } from '../shared/pending-totals.ts';
import { ARRIVAL_TOTALS } from './0002-triggers.ts';
import { keysetPage } from '../shared/keyset-page.ts';
import { highestNumber, insertAtNextNumber, retryLostRaces } from '../shared/next-number.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';
import { toArrival } from './rows.ts';

/** The Arrival Hall's part of the store, bound to the database. */
export function arrivalStore(db: Kysely<Database>): ArrivalStore {
  return {
    async recordArrival(arrival, dailyCap) {
      if (!Number.isSafeInteger(dailyCap) || dailyCap < 1) throw new RangeError(`the daily cap must be a positive integer, not ${dailyCap}`);
      const scope = { date: arrival.date, client_digest: arrival.clientDigest };
      return retryLostRaces(dailyCap + 1, `arrival ${arrival.id}`, async () => {
        const inserted = await insertAtNextNumber<Selectable<ArrivalsTable>>(db, { table: 'arrivals', values: arrivalColumns(arrival), within: scope, ceiling: dailyCap });
        const row = inserted ?? (await writtenByRequest<Selectable<ArrivalsTable>>(db, 'arrivals', arrival.requestDigest));
        if (row) return { arrival: toArrival(row) };
        if ((await highestNumber(db, 'arrivals', scope)) >= dailyCap) return { capReached: true as const };
        return undefined;
      });
    },

    async arrivalById(id) {
      const row = await db.selectFrom('arrivals').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toArrival(row) : null;
    },

    /** Newest first: (arrived_at, id) descending, through arrivals_newest. */
    async listArrivals(page) {
      return keysetPage(page, {
        listing: 'arrivals',
        shape: ['string', 'string'],
        query: db.selectFrom('arrivals').selectAll().orderBy('arrived_at', 'desc').orderBy('id', 'desc'),
        after: (query, [arrivedAt, id]) => query.where((eb) => eb(eb.refTuple('arrived_at', 'id'), '<', eb.tuple(arrivedAt as string, id as string))),
        keyOf: (row) => [row.arrived_at, row.id],
        toItem: toArrival,
      });
    },

    async arrivalCount() {
      return (await readTotals(db, ARRIVAL_TOTALS)).arrivals;
    },
  };
}

/** The check-in's columns but `number`, which the inserting statement computes. */
function arrivalColumns(arrival: NewArrival & RequestKeyed): Omit<ArrivalsTable, 'number'> {
  return {
    id: arrival.id,
    date: arrival.date,
    client_digest: arrival.clientDigest,
    user_agent_digest: arrival.userAgentDigest,
    handle: arrival.handle,
    display_name: arrival.displayName,
    model: arrival.model,
    sent_by: arrival.sentBy,
    source: arrival.source,
    purpose: arrival.purpose,
    arrived_at: arrival.arrivedAt,
    request_digest: arrival.requestDigest ?? null,
  };
}
