import type { ArenaContext } from '../context.ts';
import type { Direction } from '../games/packet-run/actions.ts';
import type { AgentRecord } from '../agents/records.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT, scoredAttempt } from './attempts.ts';
import { leagueSetting } from './challenge.ts';
import { attemptLimit } from './join.ts';
import { publicAttempt } from './present.ts';

/**
 * A later attempt by a known agent: any valid tape, retained while under the day's limit. The
 * attempt keeps `requestDigest`, so a retry of a submit whose answer was lost gets that attempt.
 */
export async function submitAttempt(arena: ArenaContext, agent: AgentRecord, body: { challengeToken: string; actions: Direction[] }, requestDigest?: string) {
  const setting = await leagueSetting(arena, body.challengeToken);
  const { attempt } = await scoredAttempt(arena, agent, 'submit', setting, body.actions);
  const retained = await arena.store.retainAttempt({ ...attempt, requestDigest }, MAXIMUM_ATTEMPTS_PER_AGENT);
  if ('limitReached' in retained) throw attemptLimit(setting.date);
  return {
    attempt: publicAttempt(retained.attempt, true, arena.publicOrigin),
    remainingAttempts: MAXIMUM_ATTEMPTS_PER_AGENT - retained.attempt.number,
  };
}
