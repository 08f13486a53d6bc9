import { afterEach, describe, expect, it } from 'vitest';
import { fingerprintOf, idempotencyKeyDigest } from '../../core/http/idempotency.ts';
import { inProcessArena } from '../support/in-process-arena.ts';
import { freshKey } from '../support/fixtures/league.ts';

const CHECK_IN = { displayName: 'Twice', model: 'unknown', sentBy: 'a test', purpose: 'In flight.', operatorAuthorized: true };

/**
 * A repeat that arrives while the first request with its key still runs (here: on another
 * instance, as its claim in the shared store says) waits for it, then replays its answer, or
 * after five seconds answers 409 with Retry-After.
 */
describe('a repeated request while the first is in flight', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function withClaimedKey() {
    const arena = await inProcessArena('2031-03-05T10:00:00Z');
    close = () => arena.store.close();
    const key = freshKey();
    const claim = { keyDigest: idempotencyKeyDigest('POST /api/arrival', key), fingerprint: fingerprintOf('POST', '/api/arrival', CHECK_IN) };
    const claimed = await arena.store.claimIdempotencyKey({ ...claim, now: arena.clock.now, staleAfterMs: 60_000, keepForMs: 86_400_000 });
    if (claimed.state !== 'claimed') throw new Error('the key was not free');
    const repeat = () => arena.post('/api/arrival', CHECK_IN, { 'idempotency-key': key });
    return { arena, held: { keyDigest: claim.keyDigest, claimedAt: claimed.claimedAt }, repeat };
  }

  it('answers 409 with Retry-After when the first does not finish in time, and stores nothing', async () => {
    const { arena, repeat } = await withClaimedKey();
    const answer = await repeat();
    expect(answer.status).toBe(409);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body.type).toBe('/problems/conflict');
    expect((await arena.call('/api/arrival')).body.count).toBe(0);
  }, 15_000);

  it('replays the first answer once it is kept', async () => {
    const { arena, held, repeat } = await withClaimedKey();
    const first = { status: 201, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ arrival: { displayName: 'Twice' } }) };
    setTimeout(() => void arena.store.completeIdempotencyKey(held, first, arena.clock.now + 86_400_000), 200);
    const answer = await repeat();
    expect(answer.status).toBe(201);
    expect(answer.headers.get('idempotency-replayed')).toBe('true');
    expect(answer.body).toEqual({ arrival: { displayName: 'Twice' } });
  });
});
