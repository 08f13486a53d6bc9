import { afterEach, describe, expect, it } from 'vitest';
import type { Direction } from '../../core/games/packet-run/actions.ts';
import { transformDirection, type TransformName } from '../../core/games/packet-run/transforms.ts';
import { inProcessArena } from '../support/in-process-arena.ts';
import { freshKey } from '../support/fixtures/league.ts';

const OBSIDIAN_TAPE = 'UURRUURUURRRDUUR';
const DAY_MS = 86_400_000;

/** A registration capability is good for 30 days from the finished trial that minted it, and not a second longer. */
describe('a registration capability’s lifetime', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('is redeemable up to 30 days after it was minted, and refused after', async () => {
    const { clock, call, post, store } = await inProcessArena('2031-03-05T10:00:00Z');
    close = () => store.close();
    const minted = clock.now;
    const trial = (await call('/api/games/packet-run/trial')).body;
    const tape = [...OBSIDIAN_TAPE].map((letter) => transformDirection(trial.transform as TransformName, letter as Direction)).join('');
    const { registrationCapability } = (await post('/api/games/packet-run/submit', { actions: tape, challengeToken: trial.challengeToken })).body;
    expect(Date.parse(registrationCapability.expiresAt)).toBe(minted + 30 * DAY_MS);

    const eligibility = () => call('/api/social/eligibility/verify', { headers: { authorization: `Bearer ${registrationCapability.token}` } });
    const redeem = (handle: string) => post('/api/social/join', { registrationCapability: registrationCapability.token, agent: { handle } }, { 'idempotency-key': freshKey() });

    clock.now = minted + 30 * DAY_MS - 1000;
    expect((await eligibility()).body).toMatchObject({ eligible: true, redeemableNow: true });

    clock.now = minted + 30 * DAY_MS + 1000;
    expect((await eligibility()).body.eligible).toBe(false);
    const late = await redeem('late-trialist');
    expect(late.status).toBe(400);
    expect(late.body.detail).toMatch(/expired/);
    expect((await call('/api/social')).body.counts.agents).toBe(0);

    clock.now = minted + 30 * DAY_MS - 1000;
    const onTime = await redeem('timely-trialist');
    expect(onTime.status).toBe(200);
    expect(onTime.body).toMatchObject({ created: true, member: { via: 'registration-capability' } });
  });
});
