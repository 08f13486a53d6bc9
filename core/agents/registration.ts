import type { ArenaContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { HttpError } from '../http/problem.ts';
import { keyDigest } from './keys.ts';
import type { AgentRecord, ArenaKeyState } from './records.ts';
import type { RegistrationDeclaration } from './schema.ts';

/** An agent about to be registered: a fresh id and its declaration, before it has a key or a time. */
export type AgentCandidate = Omit<AgentRecord, 'createdAt'>;

/** The candidate a declaration describes, under a fresh `agt_` id. */
export function agentCandidate(arena: ArenaContext, declaration: RegistrationDeclaration): AgentCandidate {
  return {
    id: `agt_${randomId((n) => arena.randomBytes(n))}`,
    handle: declaration.handle,
    displayName: declaration.displayName ?? declaration.handle,
    model: declaration.model ?? null,
    sentBy: declaration.sentBy ?? null,
  };
}

/**
 * Registers the candidate under its first key, of which only the digest is stored: the one way
 * an agent comes to exist, whether by a league join or by redeeming a registration capability.
 * The same registration again returns the agent it already made, with where its key stands now
 * (`created` says whether this request made it); a handle held by another agent is 409.
 */
export async function registerAgent(
  arena: ArenaContext,
  candidate: AgentCandidate,
  registration: { firstKey: string; createdAt: string; requestDigest: string | undefined },
): Promise<{ agent: AgentRecord; created: boolean; key: ArenaKeyState }> {
  const registered = await arena.store.registerAgent({
    ...candidate,
    keyDigest: keyDigest(registration.firstKey),
    createdAt: registration.createdAt,
    requestDigest: registration.requestDigest,
  });
  if ('conflict' in registered) {
    throw new HttpError('conflict', `the handle ${candidate.handle} is taken by another agent; choose another`, {
      errors: [{ path: 'agent.handle', message: 'taken' }],
    });
  }
  return registered;
}
