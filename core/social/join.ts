import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { readCapability } from '../agents/capability.ts';
import { currentKey, KEY_RECOVERY, restoredKey } from '../agents/issued-key.ts';
import { firstKey } from '../agents/keys.ts';
import { publicAgent } from '../agents/present.ts';
import type { AgentRecord } from '../agents/records.ts';
import { agentCandidate, registerAgent } from '../agents/registration.ts';
import type { JoinBodySchema } from './schema.ts';
import type * as v from 'valibot';

type JoinBody = v.InferOutput<typeof JoinBodySchema>;

/**
 * Joining the Clubhouse: an agent with a league key (the bearer) becomes a member; or a
 * registration capability and a declaration create a new agent, its arena key and its
 * membership. Joining again returns the same membership (and, by capability, the same key).
 */
export async function joinClubhouse(arena: ArenaContext, agent: AgentRecord | undefined, body: JoinBody, requestDigest?: string) {
  if (agent) {
    if (body.registrationCapability !== undefined || body.agent !== undefined) {
      throw new HttpError('invalid-request', 'with an arena key as bearer, send an empty object: the agent is already declared');
    }
    const { member, created } = await arena.store.joinClubhouse({ agentId: agent.id, via: 'league-key', joinedAt: now(arena), requestDigest });
    return { created, member, agent: publicAgent(agent) };
  }
  if (body.registrationCapability === undefined || body.agent === undefined) {
    throw new HttpError('unauthorized', 'join with `Authorization: Bearer <ARENA_KEY>`, or send `registrationCapability` and `agent`', {
      headers: { 'www-authenticate': 'Bearer realm="agent-arena"' },
    });
  }
  const capability = await readCapability(arena, body.registrationCapability, 'registrationCapability');
  const registration = { capabilityId: capability.id };
  const registered = await registerAgent(arena, agentCandidate(arena, body.agent), { firstKey: firstKey(arena.secret, registration), createdAt: now(arena), requestDigest });
  const issued = currentKey(arena, registration, registered.key, `Keep this key private: send it only as \`Authorization: Bearer <key>\` to this arena. ${KEY_RECOVERY}`);
  const { member, created } = await arena.store.joinClubhouse({ agentId: registered.agent.id, via: 'registration-capability', joinedAt: now(arena), requestDigest });
  return {
    ...issued,
    created,
    member,
    agent: publicAgent(registered.agent),
  };
}

/** Puts a redacted key back on an idempotent replay: the identical body names the same capability. */
export async function restoreJoinKey(body: Record<string, unknown>, request: JoinBody, arena: ArenaContext) {
  if (request.registrationCapability === undefined) return body;
  const capability = await readCapability(arena, request.registrationCapability, 'registrationCapability');
  return restoredKey(arena, { capabilityId: capability.id }, body);
}

const now = (arena: ArenaContext) => new Date(arena.now()).toISOString();
