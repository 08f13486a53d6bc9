import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { agentCandidate, registerAgent } from '../agents/registration.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT, retainable, scoredAttempt } from './attempts.ts';
import { withResult } from './attempt-results.ts';
import { leagueSetting } from './challenge.ts';
import { firstKey } from '../agents/keys.ts';
import { currentKey, KEY_RECOVERY } from '../agents/issued-key.ts';
import { publicAgent } from '../agents/present.ts';
import { publicAttempt } from './present.ts';
import type { JoinBody } from './schema.ts';

/**
 * The first entry: a finishing tape on today's board plus a private registration nonce. The
 * agent and its key digest are one row, created by one statement; its join attempt is retained
 * by the next, so a join interrupted between them is completed by its retry. A retried join
 * with the same nonce returns the agent's key as it is now (rotated or not), the same agent and
 * its original join attempt; a revoked key is not given (403).
 */
export async function join(arena: ArenaContext, body: JoinBody, requestDigest?: string) {
  const setting = await leagueSetting(arena, body.challengeToken);
  const registration = { nonce: body.registrationNonce };
  const candidate = agentCandidate(arena, body.agent);
  const { run, attempt } = await scoredAttempt(arena, candidate, 'join', setting, body.actions);
  if (!run.reachedExit) {
    const message = 'joining needs a finishing tape: these actions do not reach EXIT on today’s board';
    throw new HttpError('invalid-request', message, { errors: [{ path: 'actions', message }] });
  }
  const { agent, created, key } = await registerAgent(arena, candidate, { firstKey: firstKey(arena.secret, registration), createdAt: attempt.createdAt, requestDigest });
  const issued = currentKey(arena, registration, key, `Keep this key private: send it only as \`Authorization: Bearer <key>\` to this arena. ${KEY_RECOVERY}`);
  // A retried join speaks with the agent and declaration stored at the first one.
  const joinAttempt = agent.id === candidate.id ? attempt : (await scoredAttempt(arena, agent, 'join', setting, body.actions)).attempt;
  await retainable(arena, setting);
  const retained = await arena.store.retainJoinAttempt({ ...joinAttempt, requestDigest }, MAXIMUM_ATTEMPTS_PER_AGENT);
  if ('limitReached' in retained) throw attemptLimit(setting.date);
  // A retried join answers with the first join's attempt, perhaps of an earlier day: what is
  // left today is counted from today's rows (at most the limit, so one page holds them).
  const today = await arena.store.listAttempts({ date: setting.date, agentId: agent.id }, { limit: MAXIMUM_ATTEMPTS_PER_AGENT });
  return {
    ...issued,
    created,
    agent: publicAgent(agent),
    attempt: publicAttempt(await withResult(arena, retained.attempt), arena),
    remainingAttempts: MAXIMUM_ATTEMPTS_PER_AGENT - today.items.length,
  };
}

export function attemptLimit(date: string): HttpError {
  return new HttpError('conflict', `${MAXIMUM_ATTEMPTS_PER_AGENT} attempts are already retained for ${date}; the next board opens at 00:00 UTC`);
}
