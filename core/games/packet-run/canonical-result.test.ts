import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, NoCanonicalForm } from '../../crypto/canonical-json.ts';
import type { AgentDeclaration } from '../../schema/declaration.ts';
import { DIRECTIONS, MAX_ACTIONS } from './actions.ts';
import { CLASSIC_BOARD, CLASSIC_CHALLENGE, GAME_ID, GAME_VERSION } from './board.ts';
import { canonicalResult, canonicalResultText } from './canonical-result.ts';
import { challengeIdFor, dailyBoard } from './daily-board.ts';
import { PACKET_RUN_MODES, scoreRun, type PacketRunResult, type RunSetting } from './result.ts';
import { BENCHMARKS } from './rules.ts';
import { TRANSFORM_NAMES, transformBoard } from './transforms.ts';

const tape = fc.array(fc.constantFrom(...DIRECTIONS), { minLength: 1, maxLength: MAX_ACTIONS });
/** Any text of well-formed Unicode, astral planes included. */
const text = fc.string({ unit: 'binary', maxLength: 40 });
const declaration: fc.Arbitrary<AgentDeclaration | undefined> = fc.option(fc.record({ name: text, model: text, sentBy: text }, { requiredKeys: [] }), { nil: undefined });
const integer = fc.integer({ min: -1_000_000, max: 1_000_000 });
const cell = fc.record({ x: integer, y: integer });
const secret = new Uint8Array(32).fill(7);
const CLASSIC_SETTING: RunSetting = { mode: 'classic-benchmark', challenge: CLASSIC_CHALLENGE, board: CLASSIC_BOARD, transform: 'identity' };
/** Every kind of board a run is played on: the classic one and daily boards, each as it is or transformed. */
const DAYS = ['2026-01-01', '2026-11-30', '2027-02-28', '2028-02-29', '2029-07-14', '2030-12-31'];
const BOARDS = [
  { mode: 'classic-benchmark' as const, challenge: CLASSIC_CHALLENGE, board: CLASSIC_BOARD },
  ...DAYS.map((date) => ({ mode: 'daily-shared-league-board' as const, challenge: challengeIdFor(date), board: dailyBoard(secret, date) })),
];
const setting: fc.Arbitrary<RunSetting> = fc
  .tuple(fc.constantFrom(...BOARDS), fc.constantFrom('identity' as const, ...TRANSFORM_NAMES))
  .map(([played, transform]) => ({ ...played, board: transform === 'identity' ? played.board : transformBoard(played.board, transform), transform }));

/** Any result the type allows, whatever the rules would make: every string and integer arbitrary. */
const anyResult: fc.Arbitrary<PacketRunResult> = fc.record({
  game: fc.constant(GAME_ID),
  version: fc.constant(GAME_VERSION),
  mode: fc.constantFrom(...PACKET_RUN_MODES),
  challenge: text,
  board: fc.record({ id: text, transform: fc.constantFrom('identity' as const, ...TRANSFORM_NAMES), start: cell, exit: cell }),
  actions: tape,
  usedActions: integer,
  ignoredActions: integer,
  replay: fc.array(
    fc.record({
      step: integer,
      action: fc.constantFrom(...DIRECTIONS),
      from: cell,
      to: cell,
      event: fc.constantFrom('move', 'collision', 'hazard', 'signal', 'exit', 'ignored'),
      signal: fc.option(text, { nil: null }),
      delta: integer,
      score: integer,
    }),
    { maxLength: MAX_ACTIONS },
  ),
  breakdown: fc.record({ signals: integer, exit: integer, efficiency: integer, hazards: integer, collisions: integer, total: integer }),
  reachedExit: fc.boolean(),
  benchmark: fc.constantFrom(null, ...BENCHMARKS.map((benchmark) => benchmark.id)),
  declaration: declaration.map((given) => given ?? null),
});

describe('canonicalResultText', () => {
  it('is the general canonical JSON of every result the rules make, on every board and declaration', () => {
    fc.assert(
      fc.property(setting, tape, declaration, (played, actions, declared) => {
        const result = scoreRun(played, actions, declared);
        expect(canonicalResultText(result)).toBe(canonicalJson(result));
      }),
      { numRuns: 1000 },
    );
  });

  it('is the general canonical JSON of any result the type allows', () => {
    fc.assert(
      fc.property(anyResult, (result) => {
        expect(canonicalResultText(result)).toBe(canonicalJson(result));
      }),
      { numRuns: 1000 },
    );
  });

  it('builds every object with its names in UTF-16 code-unit order', () => {
    const outOfOrder: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) {
        value.forEach((item, i) => walk(item, `${path}[${i}]`));
        return;
      }
      if (value === null || typeof value !== 'object') return;
      const names = Object.keys(value);
      if (names.join() !== [...names].sort().join()) outOfOrder.push(`${path}: ${names.join(', ')}`);
      for (const name of names) walk((value as Record<string, unknown>)[name], `${path}.${name}`);
    };
    const result = scoreRun(CLASSIC_SETTING, [...'UURRUURUURRRDUUR'] as PacketRunResult['actions'], { name: 'n', model: 'm', sentBy: 's' });
    walk(canonicalResult(result), 'result');
    expect(outOfOrder).toEqual([]);
  });

  it('refuses a declaration with a lone surrogate as the general canonicaliser does', () => {
    const result = scoreRun(CLASSIC_SETTING, ['U'], { name: 'a\ud800b' });
    expect(() => canonicalResultText(result)).toThrow(NoCanonicalForm);
  });
});
