/** The Arrival Hall: the daily cap per client, declarations kept exactly and digests never shown, listing, count. */
import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../core/store/errors.ts';
import type { ArrivalRecord, NewArrival } from '../../../core/arrival/records.ts';
import type { SuiteContext } from '../store-suite.ts';
import { allPages } from '../expected.ts';
import { at, DAY_1, DAY_2, digestOf } from '../../support/fixtures/store-records.ts';
import { newArrival, newestFirst } from '../../support/fixtures/social-records.ts';

/** What the public sees of an arrival: the declaration, never the digests or the date. */
export function publicOf(arrival: NewArrival): ArrivalRecord {
  const { clientDigest: _client, userAgentDigest: _agent, date: _date, ...record } = arrival;
  return record;
}

const arrivalsNewestFirst = newestFirst<ArrivalRecord>(
  (arrival) => arrival.arrivedAt,
  (arrival) => arrival.id,
);

export function arrivalCases(context: SuiteContext): void {
  describe('arrival hall', () => {
    it('records a client’s check-ins up to the day’s cap, each client and day apart', async () => {
      const client = digestOf('client-one');
      const results = [];
      for (let index = 0; index < 5; index++) results.push(await context.store.recordArrival(newArrival({ clientDigest: client, date: DAY_1 }), 3));
      expect(results.map((result) => ('arrival' in result ? 'kept' : 'cap'))).toEqual(['kept', 'kept', 'kept', 'cap', 'cap']);
      // The same user agent elsewhere, or the same client another day, has its own cap.
      const otherClient = newArrival({ clientDigest: digestOf('client-two'), date: DAY_1 });
      expect(await context.store.recordArrival(otherClient, 3)).toEqual({ arrival: publicOf(otherClient) });
      const nextDay = newArrival({ clientDigest: client, date: DAY_2 });
      expect(await context.store.recordArrival(nextDay, 3)).toEqual({ arrival: publicOf(nextDay) });
      // A larger cap later that day lets the client in again, up to it.
      expect('arrival' in (await context.store.recordArrival(newArrival({ clientDigest: client, date: DAY_1 }), 4))).toBe(true);
      expect(await context.store.recordArrival(newArrival({ clientDigest: client, date: DAY_1 }), 4)).toEqual({ capReached: true });
      expect(await context.store.arrivalCount()).toBe(6);
    });

    it('keeps the declaration exactly and never gives the digests back', async () => {
      const arrival = newArrival({ handle: null, displayName: 'Zoë’s “bot” 🧪', model: '', sentBy: 'quotes " \\ and\nlines', purpose: 'é'.repeat(300) });
      expect(await context.store.recordArrival(arrival, 10)).toEqual({ arrival: publicOf(arrival) });
      const [listed] = (await context.store.listArrivals({ limit: 5 })).items;
      expect(listed).toEqual(publicOf(arrival));
      expect(Object.keys(listed!).sort()).toEqual(['arrivedAt', 'displayName', 'handle', 'id', 'model', 'purpose', 'sentBy', 'source']);
      expect(JSON.stringify(listed)).not.toContain(arrival.clientDigest);
      expect(JSON.stringify(listed)).not.toContain(arrival.userAgentDigest);
    });

    it('refuses a cap that is not a positive integer', async () => {
      await expect(context.store.recordArrival(newArrival(), 0)).rejects.toThrow(RangeError);
      await expect(context.store.recordArrival(newArrival(), 1.5)).rejects.toThrow(RangeError);
      expect(await context.store.arrivalCount()).toBe(0);
    });

    it('lists arrivals newest first across pages with no gap or repeat, and counts them', async () => {
      const kept: ArrivalRecord[] = [];
      const tiedIds = ['arr_Zed', 'arr_alpha', 'arr_Beta', 'arr_123', 'arr_beta'];
      for (const id of tiedIds) kept.push(publicOf(newArrival({ id, arrivedAt: at(70_000) })));
      for (let index = 0; index < 11; index++) kept.push(publicOf(newArrival({ arrivedAt: at(69_000 + ((index * 7) % 11) * 60) })));
      for (const arrival of kept) {
        const sent = newArrival({ ...arrival, date: DAY_1 });
        expect(await context.store.recordArrival(sent, 10)).toEqual({ arrival });
      }
      const expected = [...kept].sort(arrivalsNewestFirst);
      for (const limit of [1, 2, 3, expected.length, expected.length + 3]) {
        const { items, pages } = await allPages(limit, (after) => context.store.listArrivals({ limit, after }));
        expect(items).toEqual(expected);
        expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
      }
      expect(await context.store.arrivalCount()).toBe(kept.length);
    });

    it('starts from nothing, and throws InvalidCursorError for a cursor it did not issue', async () => {
      expect(await context.store.listArrivals({ limit: 5 })).toEqual({ items: [], next: null });
      expect(await context.store.arrivalCount()).toBe(0);
      for (let index = 0; index < 3; index++) await context.store.recordArrival(newArrival(), 10);
      const { next } = await context.store.listArrivals({ limit: 1 });
      expect(next).not.toBeNull();
      for (const after of ['', 'not a cursor!', next!.slice(0, -3)]) await expect(context.store.listArrivals({ limit: 1, after })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listAttempts({}, { limit: 1, after: next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listTopics({}, { limit: 1, after: next! })).rejects.toThrow(InvalidCursorError);
      expect((await context.store.listArrivals({ limit: 1, after: next! })).items).toHaveLength(1);
    });
  });
}
