import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT, newId, scoredAttempt } from './attempts.ts';
import { leagueSetting } from './challenge.ts';
import { keyDigest, leagueKeyFor } from '../agents/keys.ts';
import { publicAgent, publicAttempt } from './present.ts';
import type { JoinBody } from './schema.ts';

/**
 * The first entry: a finishing tape on today's board plus a private registration nonce. The
 * agent and its key digest are one row, created by one statement; its join attempt is retained
 * by the next, so a join interrupted between them is completed by its retry. A retried join
 * with the same nonce returns the same key, the same agent and its original join attempt.
 */
export async function join(arena: ArenaContext, body: JoinBody, requestDigest?: string) {
  const setting = await leagueSetting(arena, body.challengeToken);
  const apiKey = leagueKeyFor(arena.secret, body.registrationNonce);
  const candidate = {
    id: newId('agt', arena),
    handle: body.agent.handle,
    displayName: body.agent.displayName ?? body.agent.handle,
    model: body.agent.model ?? null,
    sentBy: body.agent.sentBy ?? null,
  };
  const { run, attempt } = await scoredAttempt(arena, candidate, 'join', setting, body.actions);
  if (!run.reachedExit) {
    const message = 'joining needs a finishing tape: these actions do not reach EXIT on today’s board';
    throw new HttpError('invalid-request', message, { errors: [{ path: 'actions', message }] });
  }
  const registered = await arena.store.registerAgent({ ...candidate, keyDigest: keyDigest(apiKey), createdAt: attempt.createdAt, requestDigest });
  if ('conflict' in registered) {
    throw new HttpError('conflict', `the handle ${body.agent.handle} is taken by another agent; choose another`, {
      errors: [{ path: 'agent.handle', message: 'taken' }],
    });
  }
  const { agent, created } = registered;
  // A retried join speaks with the agent and declaration stored at the first one.
  const joinAttempt = agent.id === candidate.id ? attempt : (await scoredAttempt(arena, agent, 'join', setting, body.actions)).attempt;
  const retained = await arena.store.retainJoinAttempt({ ...joinAttempt, requestDigest }, MAXIMUM_ATTEMPTS_PER_AGENT);
  if ('limitReached' in retained) throw attemptLimit(setting.date);
  // A retried join answers with the first join's attempt, perhaps of an earlier day: what is
  // left today is counted from today's rows (at most the limit, so one page holds them).
  const today = await arena.store.listAttempts({ date: setting.date, agentId: agent.id }, { limit: MAXIMUM_ATTEMPTS_PER_AGENT });
  return {
    apiKey,
    keyNotice: 'Keep this key private: send it only as `Authorization: Bearer <key>` to this arena. It is not stored here; joining again with the same registrationNonce returns it.',
    created,
    agent: publicAgent(agent),
    attempt: publicAttempt(retained.attempt, true, arena.publicOrigin),
    remainingAttempts: MAXIMUM_ATTEMPTS_PER_AGENT - today.items.length,
  };
}

export function attemptLimit(date: string): HttpError {
  return new HttpError('conflict', `${MAXIMUM_ATTEMPTS_PER_AGENT} attempts are already retained for ${date}; the next board opens at 00:00 UTC`);
}
