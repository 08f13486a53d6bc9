import type { ArenaContext } from '../context.ts';
import type { Direction } from '../games/packet-run/actions.ts';
import type { AgentRecord } from '../agents/records.ts';
import { KeyHeld, type HeldBy } from '../http/idempotency.ts';
import type { KeyHolding } from '../store/request-keyed.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT, retainable, scoredAttempt } from './attempts.ts';
import { withResult } from './attempt-results.ts';
import { leagueSetting } from './challenge.ts';
import { attemptLimit } from './join.ts';
import { publicAttempt } from './present.ts';
import type { AttemptRecord } from './records.ts';

/**
 * A later attempt by a known agent: any valid tape, retained while under the day's limit. The
 * attempt keeps `requestDigest`, so a retry of a submit whose answer was lost gets that attempt,
 * and holds the request's Idempotency-Key (`key`): when the key is held already, `KeyHeld` says
 * by what.
 */
export async function submitAttempt(arena: ArenaContext, agent: AgentRecord, body: { challengeToken: string; actions: Direction[] }, requestDigest?: string, key?: KeyHolding) {
  const setting = await leagueSetting(arena, body.challengeToken);
  const { attempt } = await scoredAttempt(arena, agent, 'submit', setting, body.actions);
  await retainable(arena, setting);
  const retained = await arena.store.retainAttempt({ ...attempt, requestDigest, key }, MAXIMUM_ATTEMPTS_PER_AGENT);
  if ('limitReached' in retained) throw attemptLimit(setting.date);
  if ('keyHeld' in retained) {
    const held = retained.keyHeld;
    throw new KeyHeld(held === 'record' ? undefined : { sameRequest: held.sameRequest, answer: await submitted(arena, held.attempt) });
  }
  return await submitted(arena, retained.attempt);
}

/**
 * The answer to the submit that retained `attempt`: a replay makes it again from the attempt
 * (see `submitRecorded`), so it is a function of the attempt alone.
 */
async function submitted(arena: ArenaContext, attempt: AttemptRecord) {
  return {
    attempt: publicAttempt(await withResult(arena, attempt), arena),
    remainingAttempts: MAXIMUM_ATTEMPTS_PER_AGENT - attempt.number,
  };
}

/** The attempt holding the Idempotency-Key with `keyDigest`, as its submit's answer, and whether the request with `requestDigest` retained it. */
export async function submitHoldingKey(arena: ArenaContext, keyDigest: string, requestDigest: string): Promise<HeldBy | undefined> {
  const held = await arena.store.attemptHoldingKey(keyDigest);
  return held ? { sameRequest: held.requestDigest === requestDigest, answer: await submitted(arena, held.attempt) } : undefined;
}

/** The answer of the submit request with `requestDigest`, made again from the attempt it retained. */
export async function submitRecorded(arena: ArenaContext, requestDigest: string) {
  const attempt = await arena.store.attemptByRequest(requestDigest);
  return attempt ? await submitted(arena, attempt) : undefined;
}
