/**
 * The Arrival Hall. A check-in is retained as the client's next of the day with no
 * read-then-write, as attempts are: one statement computes MAX(number) + 1 for (date,
 * client_digest) and inserts only while it is within the cap, doing nothing if a concurrent
 * insert took that number (UNIQUE (date, client_digest, number)). When nothing was inserted, a
 * read tells a full day from a lost race, which is retried; each loss means another check-in took
 * a number, so at most `dailyCap` retries can happen. The digests are stored, never read back.
 * A check-in whose request already recorded one inserts nothing (`request_digest` is unique):
 * that one is returned.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ArrivalStore } from '../../core/arrival/store.ts';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { NewArrival } from '../../core/arrival/records.ts';
import { decodeCursor } from '../shared/cursor.ts';
import type { ArrivalsTable, Database } from '../database.ts';
import { lookAhead, pageOf } from '../shared/keyset-page.ts';
import { asNumber } from '../league/rows.ts';
import { toArrival } from '../social/rows.ts';

/** The Arrival Hall's part of the store, bound to the database. */
export function arrivalStore(db: Kysely<Database>): ArrivalStore {
  return {
    async recordArrival(arrival, dailyCap) {
      if (!Number.isSafeInteger(dailyCap) || dailyCap < 1) throw new RangeError(`the daily cap must be a positive integer, not ${dailyCap}`);
      for (let round = 0; round <= dailyCap; round++) {
        const row = await insertNext(db, arrival, dailyCap);
        if (row) return { arrival: toArrival(row) };
        if (arrival.requestDigest !== undefined) {
          const earlier = await db.selectFrom('arrivals').selectAll().where('request_digest', '=', arrival.requestDigest).executeTakeFirst();
          if (earlier) return { arrival: toArrival(earlier) };
        }
        const { used } = await db
          .selectFrom('arrivals')
          .select(sql<number>`coalesce(max(${sql.ref('number')}), 0)`.as('used'))
          .where('date', '=', arrival.date)
          .where('client_digest', '=', arrival.clientDigest)
          .executeTakeFirstOrThrow();
        if (asNumber(used) >= dailyCap) return { capReached: true as const };
      }
      throw new Error(`arrival ${arrival.id} lost the race for a number ${dailyCap + 1} times; that cannot happen with an honest cap`);
    },

    /** Newest first: (arrived_at, id) descending, through arrivals_newest. */
    async listArrivals(page) {
      const listing = 'arrivals';
      let query = db.selectFrom('arrivals').selectAll();
      let rankBefore = 0;
      if (page.after !== undefined) {
        const { key, rank } = decodeCursor(page.after, listing, ['string', 'string']);
        rankBefore = rank;
        query = query.where((eb) => eb(eb.refTuple('arrived_at', 'id'), '<', eb.tuple(key[0] as string, key[1] as string)));
      }
      const rows = await query.orderBy('arrived_at', 'desc').orderBy('id', 'desc').limit(lookAhead(page)).execute();
      return pageOf(rows, page, listing, rankBefore, (row) => [row.arrived_at, row.id], toArrival);
    },

    async arrivalCount() {
      const row = await db.selectFrom('arrival_totals').select('arrivals').where('id', '=', 1).executeTakeFirstOrThrow();
      return asNumber(row.arrivals);
    },
  };
}

/**
 * INSERT INTO arrivals (…, number) SELECT …, n.next FROM (SELECT COALESCE(MAX(number), 0) + 1 AS
 * next FROM arrivals WHERE date = ? AND client_digest = ?) n WHERE n.next <= ?
 * ON CONFLICT DO NOTHING RETURNING *
 */
function insertNext(db: Kysely<Database>, arrival: NewArrival & RequestKeyed, dailyCap: number): Promise<Selectable<ArrivalsTable> | undefined> {
  const values: Omit<ArrivalsTable, 'number'> = {
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
  const columns = Object.keys(values) as (keyof typeof values)[];
  const next = db
    .selectFrom('arrivals')
    .select(sql<number>`coalesce(max(${sql.ref('number')}), 0) + 1`.as('next'))
    .where('date', '=', arrival.date)
    .where('client_digest', '=', arrival.clientDigest);
  const source = db
    .selectFrom(next.as('n'))
    .select((eb) => [...columns.map((column) => eb.val(values[column]).as(column)), 'n.next'])
    .where('n.next', '<=', dailyCap);
  return db
    .insertInto('arrivals')
    .columns([...columns, 'number'])
    .expression(source)
    // A number a concurrent check-in took, or this request's own earlier check-in.
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}
