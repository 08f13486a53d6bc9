import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testArenaContext } from '../../test/support/arena-context.ts';
import type { AgentRecord } from '../agents/records.ts';
import type { ArenaContext } from '../context.ts';
import { DIRECTIONS, MAX_ACTIONS } from '../games/packet-run/actions.ts';
import type { Board } from '../games/packet-run/board.ts';
import { challengeIdFor, dailyBoard } from '../games/packet-run/daily-board.ts';
import { scoredAttempt } from './attempts.ts';
import { replayedResult, ResultNotReproduced } from './replayed-result.ts';

const DAYS = ['2026-01-01', '2026-11-30', '2028-02-29', '2030-12-31'];
const secret = new Uint8Array(32).fill(42);
const boards = new Map(DAYS.map((date) => [date, dailyBoard(secret, date)]));
const tape = fc.array(fc.constantFrom(...DIRECTIONS), { minLength: 1, maxLength: MAX_ACTIONS });
/** Any text of well-formed Unicode, astral planes included, as a declaration may hold. */
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
const author: fc.Arbitrary<Author> = fc.record({
  id: fc.constant('agt_author'),
  handle: fc.constant('author'),
  displayName: text,
  model: fc.option(text, { nil: null }),
  sentBy: fc.option(text, { nil: null }),
});
type Author = Omit<AgentRecord, 'createdAt'>;

/** A league attempt as a submit retains it: scored and signed on `date`'s board by the arena. */
async function retained(arena: ArenaContext, date: string, actions: (typeof DIRECTIONS)[number][], agent: Author) {
  const setting = { mode: 'daily-shared-league-board' as const, challenge: challengeIdFor(date), board: boards.get(date)!, transform: 'identity' as const, date };
  return (await scoredAttempt(arena, agent, 'submit', setting, actions)).attempt;
}

describe('an attempt’s result played again', () => {
  let arena: ArenaContext;
  beforeAll(async () => {
    arena = await testArenaContext();
  });

  it('is, for any tape on any day by any author, the result its submit answered, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...DAYS), tape, author, async (date, actions, agent) => {
        const attempt = await retained(arena, date, actions, agent);
        const replayed = replayedResult(attempt, boards.get(date)!, arena.publicBase);
        expect(JSON.stringify(replayed)).toBe(JSON.stringify(attempt.result));
      }),
      { numRuns: 150 },
    );
  });

  it('is refused whenever the board it is played on gives another result: never served altered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...DAYS), fc.constantFrom(...DAYS), tape, author, async (date, other, actions, agent) => {
        fc.pre(date !== other);
        const attempt = await retained(arena, date, actions, agent);
        const elsewhere: Board = { ...boards.get(other)!, id: boards.get(date)!.id };
        let replayed: unknown;
        try {
          replayed = replayedResult(attempt, elsewhere, arena.publicBase);
        } catch (error) {
          expect(error).toBeInstanceOf(ResultNotReproduced);
          return;
        }
        // Only a board that gives the very same result is accepted.
        expect(JSON.stringify(replayed)).toBe(JSON.stringify(attempt.result));
      }),
      { numRuns: 150 },
    );
  });

  it('is refused when the tape, the declaration or the checksum differs from what the receipt signed', async () => {
    const date = DAYS[0]!;
    const attempt = await retained(arena, date, ['U', 'U', 'R', 'R'], { id: 'agt_author', handle: 'author', displayName: 'Author', model: null, sentBy: null });
    const board = boards.get(date)!;
    expect(() => replayedResult(attempt, board, '')).not.toThrow();
    for (const changed of [
      { ...attempt, actions: 'UURRD' },
      { ...attempt, declaration: { ...attempt.declaration, displayName: 'Someone else' } },
      { ...attempt, checksum: `sha256:${'0'.repeat(64)}` },
      { ...attempt, challengeId: challengeIdFor(DAYS[1]!) },
    ]) {
      expect(() => replayedResult(changed, board, '')).toThrow(ResultNotReproduced);
    }
  });
});
