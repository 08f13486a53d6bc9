import { describe, expect, it } from 'vitest';
import { testArena } from '../../test/support/arena-context.ts';

type Json = Record<string, any>;

async function arenaClient() {
  const arena = await testArena();
  const call = async (path: string, body?: string) => {
    const init = body === undefined ? {} : { method: 'POST', body, headers: { 'content-type': 'application/json' } };
    const answer = await arena.fetch(new Request(`https://arena.test${path}`, init));
    return { status: answer.status, body: (await answer.json()) as Json };
  };
  return { call, verify: (evidenceText: string) => call('/api/receipts/verify', `{"evidence":${evidenceText}}`) };
}

/**
 * A result holding what JSON text can carry and RFC 8785 cannot (a lone surrogate, a number past
 * the doubles, which parses as Infinity) has no checksum, so no receipt signs it: the verdict is
 * that it is not valid, naming the field, never a failure of the service.
 */
describe('POST /api/receipts/verify, for a result with no canonical JSON form', () => {
  it('answers a Packet Run result with a lone surrogate in any string member: not valid, and why', async () => {
    const { call, verify } = await arenaClient();
    const played = (await call('/api/games/packet-run/play?actions=RRDD')).body;
    expect((await verify(JSON.stringify(played))).body).toMatchObject({ valid: true, checked: expect.arrayContaining(['checksum']) });
    const members = Object.keys(played).filter((name) => typeof played[name] === 'string' && name !== 'game');
    expect(members).toEqual(expect.arrayContaining(['version', 'mode', 'challenge']));
    for (const name of members) {
      const answer = await verify(JSON.stringify({ ...played, [name]: `${played[name]}\ud800` }));
      expect(answer.status, name).toBe(200);
      expect(answer.body, name).toEqual({ valid: false, reason: expect.stringMatching(new RegExp(`^${name}: the file says`)) });
    }
  });

  it('answers a Packet Run result with a number past the doubles (1e999): not valid, and why', async () => {
    const { call, verify } = await arenaClient();
    const played = (await call('/api/games/packet-run/play?actions=RRDD')).body;
    const text = JSON.stringify({ ...played, board: { ...played.board, start: { ...played.board.start, x: 'HUGE' } } }).replace('"HUGE"', '1e999');
    const answer = await verify(text);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ valid: false, reason: expect.stringMatching(/^board\.start\.x: the file says Infinity/) });
  });

  it('answers a State Forge play whose evidence holds a lone surrogate: not valid, and why', async () => {
    const { call, verify } = await arenaClient();
    const { example } = (await call('/api/games/state-forge')).body;
    const { capsule } = (await call('/api/games/state-forge/compile', JSON.stringify({ definition: example }))).body;
    const played = (await call('/api/games/state-forge/play', JSON.stringify({ capsule, actions: [example.actions[0].id] }))).body;
    expect((await verify(JSON.stringify(played))).body).toMatchObject({ valid: true, kind: 'forge-receipt' });
    const answer = await verify(JSON.stringify({ ...played, evidence: { ...played.evidence, version: '\udfff' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ valid: false, reason: expect.stringMatching(/^evidence\.version: /) });
  });
});
