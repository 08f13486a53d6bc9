/** Idempotency-Key records: claim, complete, replay, mismatch, in flight, stale takeover, expiry, purge. */
import { describe, expect, it } from 'vitest';
import type { IdempotencyClaim } from '../../../core/http/idempotency-store.ts';
import type { SuiteContext } from '../store-suite.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.UTC(2031, 2, 1);
/** Digests of Idempotency-Keys (of their scope and key), as the core hands them to the store. */
const KEY_1 = 'a'.repeat(64);
const KEY_2 = 'b'.repeat(64);
const OLD = 'c'.repeat(64);
const FRESH = 'd'.repeat(64);

const claim = (fields: Partial<{ keyDigest: string; fingerprint: string; now: number }> = {}) => ({
  keyDigest: KEY_1,
  fingerprint: 'f'.repeat(64),
  now: T0,
  staleAfterMs: MINUTE,
  keepForMs: DAY,
  ...fields,
});

/** The reference a completion or release needs, from a claim that must have succeeded. */
function held(result: IdempotencyClaim, keyDigest = KEY_1) {
  if (result.state !== 'claimed') throw new Error(`expected a claim, got ${result.state}`);
  return { keyDigest, claimedAt: result.claimedAt };
}

const RESPONSE = { status: 201, headers: { 'content-type': 'application/json', location: '/api/league/attempts/att_1' }, body: '{"ok":true,"text":"é ✓"}' };

export function idempotencyCases(context: SuiteContext): void {
  describe('idempotency keys', () => {
    it('claims a new key; the same request then finds it in flight, another body a mismatch', async () => {
      expect(await context.store.claimIdempotencyKey(claim())).toEqual({ state: 'claimed', claimedAt: T0 });
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + 1000 }))).toEqual({ state: 'in-flight' });
      expect(await context.store.claimIdempotencyKey(claim({ fingerprint: 'e'.repeat(64) }))).toEqual({ state: 'mismatch' });
    });

    it('replays the completed response for the same body, and refuses another body', async () => {
      const first = held(await context.store.claimIdempotencyKey(claim()));
      await context.store.completeIdempotencyKey(first, RESPONSE, T0 + DAY);
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + 5 * MINUTE }))).toEqual({ state: 'completed', response: RESPONSE });
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + 5 * MINUTE, fingerprint: 'e'.repeat(64) }))).toEqual({ state: 'mismatch' });
      // A completed record is not stale, however old, until it expires.
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + DAY - 1 }))).toEqual({ state: 'completed', response: RESPONSE });
    });

    it('keeps key digests apart', async () => {
      expect((await context.store.claimIdempotencyKey(claim())).state).toBe('claimed');
      const other = held(await context.store.claimIdempotencyKey(claim({ keyDigest: KEY_2 })), KEY_2);
      await context.store.completeIdempotencyKey(other, RESPONSE, T0 + DAY);
      expect(await context.store.claimIdempotencyKey(claim())).toEqual({ state: 'in-flight' });
    });

    it('lets a released key be claimed again, with any body', async () => {
      const first = held(await context.store.claimIdempotencyKey(claim()));
      await context.store.releaseIdempotencyKey(first);
      expect((await context.store.claimIdempotencyKey(claim({ fingerprint: 'e'.repeat(64) }))).state).toBe('claimed');
      expect(await context.store.claimIdempotencyKey(claim({ fingerprint: 'e'.repeat(64) }))).toEqual({ state: 'in-flight' });
    });

    it('does not release or overwrite a completed record', async () => {
      const first = held(await context.store.claimIdempotencyKey(claim()));
      await context.store.completeIdempotencyKey(first, RESPONSE, T0 + DAY);
      await context.store.releaseIdempotencyKey(first);
      await context.store.completeIdempotencyKey(first, { status: 500, headers: {}, body: 'later' }, T0 + DAY);
      expect(await context.store.claimIdempotencyKey(claim())).toEqual({ state: 'completed', response: RESPONSE });
    });

    it('lets the same request left in flight longer than staleAfterMs be taken over, and no sooner', async () => {
      const first = held(await context.store.claimIdempotencyKey(claim()));
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + MINUTE }))).toEqual({ state: 'in-flight' });
      const takeover = held(await context.store.claimIdempotencyKey(claim({ now: T0 + MINUTE + 1 })));
      expect(takeover.claimedAt).toBe(T0 + MINUTE + 1);
      // The takeover is a fresh claim: in flight again, from its own time.
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + 2 * MINUTE }))).toEqual({ state: 'in-flight' });
      // The slow original finishing late touches nothing of the takeover.
      await context.store.completeIdempotencyKey(first, { status: 200, headers: {}, body: 'original' }, T0 + DAY);
      await context.store.releaseIdempotencyKey(first);
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + 2 * MINUTE }))).toEqual({ state: 'in-flight' });
      await context.store.completeIdempotencyKey(takeover, RESPONSE, T0 + DAY);
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + 3 * MINUTE }))).toEqual({ state: 'completed', response: RESPONSE });
    });

    it('does not let another body take over a stale claim', async () => {
      await context.store.claimIdempotencyKey(claim());
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + 10 * MINUTE, fingerprint: 'e'.repeat(64) }))).toEqual({ state: 'mismatch' });
    });

    it('keeps a record until it expires, then lets the key be claimed anew, with any body', async () => {
      const first = held(await context.store.claimIdempotencyKey(claim()));
      await context.store.completeIdempotencyKey(first, RESPONSE, T0 + MINUTE + DAY);
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + MINUTE + DAY - 1, fingerprint: 'e'.repeat(64) }))).toEqual({ state: 'mismatch' });
      expect((await context.store.claimIdempotencyKey(claim({ now: T0 + MINUTE + DAY, fingerprint: 'e'.repeat(64) }))).state).toBe('claimed');
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + MINUTE + DAY + 1, fingerprint: 'e'.repeat(64) }))).toEqual({ state: 'in-flight' });
      expect(await context.store.claimIdempotencyKey(claim({ now: T0 + MINUTE + DAY + 1 }))).toEqual({ state: 'mismatch' });
    });

    it('purges expired records only', async () => {
      const old = held(await context.store.claimIdempotencyKey(claim({ keyDigest: OLD })), OLD);
      await context.store.completeIdempotencyKey(old, RESPONSE, T0 + DAY);
      const fresh = held(await context.store.claimIdempotencyKey(claim({ keyDigest: FRESH, now: T0 + DAY })), FRESH);
      await context.store.completeIdempotencyKey(fresh, RESPONSE, T0 + 2 * DAY);
      await context.store.purgeIdempotencyKeys(T0 + DAY);
      // The purged key is new again (any body); the other still replays.
      expect((await context.store.claimIdempotencyKey(claim({ keyDigest: OLD, now: T0 + DAY - 1, fingerprint: 'e'.repeat(64) }))).state).toBe('claimed');
      expect(await context.store.claimIdempotencyKey(claim({ keyDigest: FRESH, now: T0 + DAY }))).toEqual({ state: 'completed', response: RESPONSE });
    });
  });
}
