import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testArenaContext } from '../../../test/support/arena-context.ts';
import type { ArenaContext } from '../../context.ts';
import { HttpError } from '../../http/problem.ts';
import { validDefinition } from '../../../test/support/arbitraries/state-forge.ts';
import { auditDefinition } from './audit.ts';
import { openCapsule, sealCapsule } from './capsule.ts';
import { playCapsule, verifyForgeReceipt } from './evidence.ts';

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

const flip = (token: string, index: number, bits: number) => token.slice(0, index) + String.fromCharCode(token.charCodeAt(index) ^ bits) + token.slice(index + 1);

describe('capsules and forge receipts', () => {
  let arena: ArenaContext;
  beforeAll(async () => {
    arena = await testArenaContext();
  });

  /** Compiles a definition the way the compile route does. */
  async function compile(definition: unknown) {
    const report = auditDefinition(definition);
    if (!report.passed) throw new Error('expected a passing definition');
    return sealCapsule(arena.tokens, report.definition, report.checks);
  }

  it('every definition that passes the audit compiles, plays and verifies, deterministically', async () => {
    await fc.assert(
      fc.asyncProperty(validDefinition, fc.array(fc.nat(), { minLength: 1, maxLength: 64 }), async (definition, picks) => {
        const { capsule, capsuleId } = await compile(definition);
        const opened = await openCapsule(arena.tokens, capsule);
        expect(opened.capsuleId).toBe(capsuleId);
        const actions = picks.slice(0, definition.maxSteps).map((pick) => definition.actions[pick % definition.actions.length]!.id);
        const played = await playCapsule(arena, opened, actions);
        const verified = await verifyForgeReceipt(arena.tokens, played.receipt.token);
        expect(verified.evidence).toEqual(played.evidence);
        const again = await playCapsule(arena, await openCapsule(arena.tokens, capsule), actions);
        expect(again.receipt.checksum).toBe(played.receipt.checksum);
        expect(again.replay).toEqual(played.replay);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a capsule or a receipt with any byte changed', async () => {
    const definition = fc.sample(validDefinition, { numRuns: 1, seed: 7 })[0]!;
    const { capsule } = await compile(definition);
    const opened = await openCapsule(arena.tokens, capsule);
    const { receipt } = await playCapsule(arena, opened, [definition.actions[0]!.id]);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: capsule.length - 1 }), fc.integer({ min: 1, max: 127 }), async (index, bits) => {
        expect((await failure(openCapsule(arena.tokens, flip(capsule, index, bits)))).slug).toBe('invalid-token');
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: receipt.token.length - 1 }), fc.integer({ min: 1, max: 127 }), async (index, bits) => {
        expect((await failure(verifyForgeReceipt(arena.tokens, flip(receipt.token, index, bits)))).slug).toBe('invalid-token');
      }),
      { numRuns: 150 },
    );
  });

  it('names a capsule by its definition, whoever compiles it', async () => {
    const definition = fc.sample(validDefinition, { numRuns: 1, seed: 3 })[0]!;
    const other = await testArenaContext({ seed: 99 });
    const report = auditDefinition(definition);
    if (!report.passed) throw new Error('expected a passing definition');
    const mine = await compile(definition);
    const theirs = await sealCapsule(other.tokens, report.definition, report.checks);
    expect(theirs.capsuleId).toBe(mine.capsuleId);
    expect((await failure(openCapsule(arena.tokens, theirs.capsule))).slug).toBe('invalid-token');
  });
});
