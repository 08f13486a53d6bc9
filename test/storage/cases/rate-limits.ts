/** Rate-limit windows: counted and refunded per bucket and window, exactly under concurrency, purged when old. */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';
import { digestOf } from '../../support/fixtures/store-records.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2031, 2, 1);

export function rateLimitCases(context: SuiteContext): void {
  describe('rate-limit windows', () => {
    it('counts each bucket and window apart', async () => {
      const [one, two] = [digestOf('client-one'), digestOf('client-two')];
      expect(await context.store.countHit(one, T0)).toBe(1);
      expect(await context.store.countHit(one, T0)).toBe(2);
      expect(await context.store.countHit(two, T0)).toBe(1);
      expect(await context.store.countHit(one, T0 + HOUR)).toBe(1);
    });

    it('counts every one of many concurrent hits', async () => {
      const bucket = digestOf('busy-client');
      const counts = await Promise.all(Array.from({ length: 25 }, () => context.store.countHit(bucket, T0)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });

    it('takes back one hit per refund, in its own window only, never below none', async () => {
      const bucket = digestOf('refunded-client');
      await context.store.countHit(bucket, T0);
      await context.store.countHit(bucket, T0);
      await context.store.countHit(bucket, T0 + HOUR);
      await context.store.refundHit(bucket, T0);
      expect(await context.store.countHit(bucket, T0)).toBe(2);
      for (let i = 0; i < 3; i++) await context.store.refundHit(bucket, T0);
      await context.store.refundHit(digestOf('never-counted'), T0);
      expect(await context.store.countHit(bucket, T0)).toBe(1);
      expect(await context.store.countHit(bucket, T0 + HOUR)).toBe(2);
    });

    it('counts exactly under concurrent hits and refunds, from two clients where the target has them', async () => {
      const bucket = digestOf('churning-client');
      const stores = await context.stores();
      for (let i = 0; i < 10; i++) await context.store.countHit(bucket, T0);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const store = stores[i % stores.length]!;
          return i % 4 < 2 ? store.countHit(bucket, T0) : store.refundHit(bucket, T0);
        }),
      );
      expect(await context.store.countHit(bucket, T0)).toBe(11);
    });

    it('forgets windows that started before the purge', async () => {
      const bucket = digestOf('old-client');
      await context.store.countHit(bucket, T0);
      await context.store.countHit(bucket, T0 + HOUR);
      await context.store.purgeHits(T0 + HOUR);
      expect(await context.store.countHit(bucket, T0)).toBe(1);
      expect(await context.store.countHit(bucket, T0 + HOUR)).toBe(2);
    });
  });
}
