/** Rate-limit windows: counted per bucket and window, exactly under concurrency, purged when old. */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from '../store-suite.ts';
import { digestOf } from '../fixtures.ts';

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
