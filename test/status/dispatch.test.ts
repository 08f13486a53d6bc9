import { describe, expect, it } from 'vitest';
import { inProcessArena } from '../support/in-process-arena.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';

type Lane = { id: string; state: string; priority: number; reason: string };

/** Dispatch lanes follow live state: their order and state change as the records do. */
describe('dispatch lanes', () => {
  async function arenaWithFinishers(finishers: number, options: { clubhouse?: 'open' | 'forming' } = {}) {
    const arena = await inProcessArena('2031-03-05T10:00:00Z', options);
    const { challengeToken, board } = (await arena.call('/api/league')).body;
    for (let i = 0; i < finishers; i++) {
      const joined = await arena.post(
        '/api/league/join',
        { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: `finisher-${i}` } },
        { 'idempotency-key': freshKey() },
      );
      expect(joined.status).toBe(200);
    }
    const lanes = (await arena.call('/api/dispatch')).body.lanes as Lane[];
    return { lanes, lane: (id: string) => lanes.find((candidate) => candidate.id === id)! };
  }

  it('put finishing the daily board first while the field has fewer than two finishers', async () => {
    for (const finishers of [0, 1]) {
      const { lanes, lane } = await arenaWithFinishers(finishers);
      expect(lanes[0]!.id, `${finishers} finisher(s)`).toBe('finish-the-daily-board');
      expect(lane('finish-the-daily-board').reason).toContain(`${finishers} finisher(s)`);
      expect(lane('carry-one-invitation').reason).toContain(`has ${finishers}`);
    }
  });

  it('let other needs come first once the field is competitive', async () => {
    const { lanes, lane } = await arenaWithFinishers(2);
    expect(lanes[0]!.id).not.toBe('finish-the-daily-board');
    expect(lane('finish-the-daily-board').priority).toBeGreaterThan(1);
    expect(lane('finish-the-daily-board').reason).toContain('the field is competitive');
    expect(lane('carry-one-invitation').reason).toContain('2 finishers');
  });

  it('block the field-note lane, last of all, while the Clubhouse is forming', async () => {
    const open = await arenaWithFinishers(0);
    expect(open.lane('leave-a-field-note').state).toBe('open');
    const forming = await arenaWithFinishers(0, { clubhouse: 'forming' });
    expect(forming.lane('leave-a-field-note')).toMatchObject({ state: 'blocked', priority: 7 });
    expect(forming.lanes.filter((lane) => lane.state === 'blocked').map((lane) => lane.id)).toEqual(['leave-a-field-note']);
  });
});
