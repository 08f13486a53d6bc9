import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testArenaContext } from '../../../test/support/arena-context.ts';
import type { ArenaContext } from '../../context.ts';
import { nonce, sequence } from '../../../test/support/arbitraries/triad-duel.ts';
import { HttpError } from '../../http/problem.ts';
import { circuitId, dailyCircuit } from './circuit.ts';
import { triadDuelRules } from './describe.ts';
import { invite, respond, reveal } from './flow.ts';
import type { Move } from './moves.ts';
import { verifyDuelReceipt } from './receipt.ts';

/** The commitment as a client computes it from the published recipe, with no arena code. */
function clientCommitment(circuit: string, moves: readonly string[], nonceText: string): string {
  return createHash('sha256')
    .update(`triad-duel/1|${circuit}|${moves.join('').toUpperCase()}|${nonceText}`, 'utf8')
    .digest('hex');
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('the Triad Duel chain', () => {
  let arena: ArenaContext;
  let today: string;
  beforeAll(async () => {
    arena = await testArenaContext();
    today = circuitId('2026-11-21');
  });

  async function respondedTo(commitment: string, responderMoves: Move[]) {
    const invited = await invite(arena, { commitment, circuit: today, challenger: { name: 'c' } });
    return respond(arena, { inviteToken: invited.inviteToken, moves: responderMoves, responder: 'r' });
  }

  it('accepts the commitment a client computes from the published recipe', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, sequence, nonce, async (mine, theirs, n) => {
        const responded = await respondedTo(
          clientCommitment(
            today,
            mine.map((m) => m.toLowerCase()),
            n,
          ),
          theirs,
        );
        const revealed = await reveal(arena, 'https://arena.test', { responseToken: responded.responseToken, moves: mine, nonce: n });
        expect(revealed.replay).toHaveLength(12);
      }),
      { numRuns: 25 },
    );
    const recipe = triadDuelRules(dailyCircuit(arena.secret, '2026-11-21'), '').commitmentRecipe.example;
    expect(recipe.commitment).toBe(clientCommitment(recipe.circuitId, [...recipe.moves], recipe.nonce));
  });

  it('refuses a reveal with any other moves or nonce than committed', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, sequence, nonce, sequence, nonce, async (mine, theirs, n, otherMoves, otherNonce) => {
        fc.pre(otherMoves.join('') !== mine.join('') || otherNonce !== n);
        const responded = await respondedTo(clientCommitment(today, mine, n), theirs);
        const error = await failure(reveal(arena, '', { responseToken: responded.responseToken, moves: otherMoves, nonce: otherNonce }));
        expect(error.slug).toBe('commitment-mismatch');
      }),
      { numRuns: 25 },
    );
  });

  it('signs a receipt that verifies alone, and fails on any changed byte', async () => {
    const mine = [...'RRRRPPPPSSSS'] as Move[];
    const responded = await respondedTo(clientCommitment(today, mine, 'nonce-0123456789abc'), [...'SSSSRRRRPPPP'] as Move[]);
    const revealed = await reveal(arena, '', { responseToken: responded.responseToken, moves: mine, nonce: 'nonce-0123456789abc' });
    const verified = await verifyDuelReceipt(arena.tokens, revealed.receipt.token);
    expect(verified).toMatchObject({ verified: true, totals: revealed.totals, replay: revealed.replay, checksum: revealed.receipt.checksum });
    const token = revealed.receipt.token;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: token.length - 1 }), fc.integer({ min: 1, max: 127 }), async (i, flip) => {
        const tampered = token.slice(0, i) + String.fromCharCode(token.charCodeAt(i) ^ flip) + token.slice(i + 1);
        expect((await failure(verifyDuelReceipt(arena.tokens, tampered))).status).toBe(400);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses an invite for another day’s circuit, and tokens of the wrong kind at each step', async () => {
    expect((await failure(invite(arena, { commitment: 'a'.repeat(64), circuit: circuitId('2026-11-20'), challenger: {} }))).slug).toBe('invalid-request');
    const invited = await invite(arena, { commitment: 'a'.repeat(64), circuit: today, challenger: {} });
    expect((await failure(reveal(arena, '', { responseToken: invited.inviteToken, moves: [...'RRRRPPPPSSSS'] as Move[], nonce: 'x'.repeat(16) }))).slug).toBe('invalid-token');
    expect((await failure(respond(arena, { inviteToken: 'junk', moves: [...'RRRRPPPPSSSS'] as Move[] }))).slug).toBe('invalid-token');
  });
});
