/**
 * A submit's attempt holds its request's Idempotency-Key (migration 0012): retained with the
 * key in one statement, refused (`keyHeld`) while an attempt or an unexpired idempotency record
 * holds it, and once under any concurrency.
 */
import { describe, expect, it } from 'vitest';
import type { NewAttempt } from '../../../core/league/records.ts';
import { sha256Hex } from '../../../core/crypto/sha256.ts';
import type { KeyHolding, RequestKeyed } from '../../../core/store/request-keyed.ts';
import type { SuiteContext } from '../store-suite.ts';
import { newAgent, newAttempt, retainedOf } from '../../support/fixtures/store-records.ts';
import { all } from './concurrency.ts';

const NOW = 1_000_000;
const KEEP_FOR_MS = 86_400_000;

let keys = 0;

/** A submit's attempt with a key of its own (or `key`'s) and the request digest of `body`. */
const digestOf = sha256Hex;

function keyed(attempt: NewAttempt, body = 'a', key = `key-${++keys}`): NewAttempt & RequestKeyed & { key: KeyHolding } {
  const keyDigest = digestOf(key);
  return { ...attempt, requestDigest: digestOf(`${keyDigest}\n${body}`), key: { keyDigest, fingerprint: digestOf(body), now: NOW } };
}

export function attemptKeyCases(context: SuiteContext): void {
  describe('attempts holding their Idempotency-Key', () => {
    async function registered() {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      return agent;
    }

    it('holds the key; the same request finds its attempt, another body finds the key taken', async () => {
      const agent = await registered();
      const first = keyed(newAttempt(agent), 'a', 'held');
      expect(await context.store.retainAttempt(first, 10)).toEqual({ attempt: retainedOf(withoutKey(first), 1) });
      const same = keyed(newAttempt(agent), 'a', 'held');
      expect(await context.store.retainAttempt(same, 10)).toEqual({ keyHeld: { attempt: retainedOf(withoutKey(first), 1), sameRequest: true } });
      const other = keyed(newAttempt(agent), 'b', 'held');
      expect(await context.store.retainAttempt(other, 10)).toEqual({ keyHeld: { attempt: retainedOf(withoutKey(first), 1), sameRequest: false } });
      expect(await context.store.attemptHoldingKey(first.key.keyDigest)).toEqual({ attempt: retainedOf(withoutKey(first), 1), requestDigest: first.requestDigest });
      expect(await context.store.attemptHoldingKey(digestOf('nobody'))).toBeNull();
      expect(await context.store.totals()).toMatchObject({ attempts: 1 });
    });

    it('gives way to an unexpired idempotency record holding the key, but not to its own request’s claim or an expired one', async () => {
      const agent = await registered();
      const claim = (attempt: ReturnType<typeof keyed>, fingerprint: string, now: number) =>
        context.store.claimIdempotencyKey({ keyDigest: attempt.key.keyDigest, fingerprint, now, staleAfterMs: 60_000, keepForMs: KEEP_FOR_MS });

      const answered = keyed(newAttempt(agent));
      const kept = await claim(answered, answered.key.fingerprint, NOW - 1);
      if (kept.state !== 'claimed') throw new Error('the key was not free');
      await context.store.completeIdempotencyKey(
        { keyDigest: answered.key.keyDigest, claimedAt: kept.claimedAt },
        { status: 400, headers: {}, body: 'refused' },
        NOW + KEEP_FOR_MS,
      );
      expect(await context.store.retainAttempt(answered, 10)).toEqual({ keyHeld: 'record' });

      const another = keyed(newAttempt(agent));
      await claim(another, digestOf('another body'), NOW - 1);
      expect(await context.store.retainAttempt(another, 10)).toEqual({ keyHeld: 'record' });

      const own = keyed(newAttempt(agent));
      await claim(own, own.key.fingerprint, NOW - 1);
      expect(await context.store.retainAttempt(own, 10)).toEqual({ attempt: retainedOf(withoutKey(own), 1) });

      const expired = keyed(newAttempt(agent));
      await claim(expired, digestOf('another body'), NOW - KEEP_FOR_MS - 1);
      expect(await context.store.retainAttempt(expired, 10)).toEqual({ attempt: retainedOf(withoutKey(expired), 2) });
      expect(await context.store.totals()).toMatchObject({ attempts: 2 });
    });

    it('says the limit is reached for a new key on a full day', async () => {
      const agent = await registered();
      for (let index = 0; index < 3; index++) await context.store.retainAttempt(keyed(newAttempt(agent)), 3);
      expect(await context.store.retainAttempt(keyed(newAttempt(agent)), 3)).toEqual({ limitReached: true });
    });

    it('retains one attempt for 20 concurrent sends of one request, and none for another body with its key', async () => {
      const agent = await registered();
      const stores = await context.stores();
      const sends = await all(stores, 20, (store, index) => store.retainAttempt(keyed(newAttempt(agent), index % 4 === 3 ? 'b' : 'a', 'raced'), 10));
      const retained = sends.filter((sent) => 'attempt' in sent);
      expect(retained).toHaveLength(1);
      const { attempt } = retained[0] as { attempt: { id: string } };
      for (const sent of sends) {
        if ('attempt' in sent) continue;
        expect(sent).toMatchObject({ keyHeld: { attempt: { id: attempt.id } } });
      }
      // Whichever body came first holds the key; each send of the other found it taken.
      const holder = await context.store.attemptHoldingKey(digestOf('raced'));
      const sameRequest = sends.filter((sent) => 'keyHeld' in sent && sent.keyHeld !== 'record' && sent.keyHeld.sameRequest).length;
      expect(sameRequest).toBe(holder!.requestDigest === keyed(newAttempt(agent), 'a', 'raced').requestDigest ? 14 : 4);
      expect(await context.store.totals()).toMatchObject({ attempts: 1 });
    });
  });
}

function withoutKey({ key: _, requestDigest: __, ...attempt }: ReturnType<typeof keyed>): NewAttempt {
  return attempt;
}
