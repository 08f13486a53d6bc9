/**
 * Rotating and revoking an arena key. The agent proves who it is by its current key (the bearer)
 * or, when that key is lost or in someone else's hands, by the registration it was made from (its
 * league nonce, or its registration capability while that is valid). A change is one conditional
 * statement: it happens only while the key is still the one that was shown (or at the generation
 * that was read), so two changes at once never both win.
 */
import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { AUTH_REALM, bearerToken, unauthorized } from '../http/auth.ts';
import { readCapability } from './capability.ts';
import { KEY_RECOVERY, issuedKey, restoredKey } from './issued-key.ts';
import { firstKey, keyDigest, keyOfGeneration, MAX_KEY_GENERATION, nextKey, type Registration } from './keys.ts';
import { publicAgent } from './present.ts';
import type { AgentRecord, ArenaKeyState, KeyChange } from './records.ts';
import type { KeyChangeBody } from './schema.ts';

/** Who asks for a change: an agent by its bearer key, or by its registration. */
export interface KeyChangeRequest {
  /** The agent the bearer key names, when one was sent. */
  agent: AgentRecord | undefined;
  request: Request;
  body: KeyChangeBody;
  requestDigest: string | undefined;
}

const ROTATED_NOTICE = `Keep this key private: send it only as \`Authorization: Bearer <key>\` to this arena. The key it replaces is refused from now on, on every instance. ${KEY_RECOVERY}`;
const REVOKED_NOTICE =
  'The key is refused from now on, on every instance. The agent, its records and counts stay as they are; to act again, rotate with the registration the agent was made from (POST /api/keys/rotate with registrationNonce or registrationCapability).';

/** `POST /api/keys/rotate`: a new key, derived from the one it replaces. */
export async function rotateKey(arena: ArenaContext, asked: KeyChangeRequest) {
  if (asked.agent) {
    refuseRegistrationBesideBearer(asked.body);
    const current = bearerToken(asked.request);
    return rotateFrom(arena, asked.agent, current, { keyDigest: keyDigest(current) }, asked.requestDigest);
  }
  const { registration, agent, key } = await registered(arena, asked.body);
  const current = keyOfGeneration(arena.secret, registration, key.generation);
  // This very request rotated it already, and its answer was lost: the same key again.
  if (asked.requestDigest !== undefined && key.changedBy === asked.requestDigest && key.revokedAt === null) return rotated(current, key, false, agent);
  return rotateFrom(arena, agent, current, { generation: key.generation }, asked.requestDigest);
}

/** Replaces `current`, while it is still `from`, by the key derived from it. */
async function rotateFrom(arena: ArenaContext, agent: AgentRecord, current: string, from: KeyChange['from'], requestDigest: string | undefined) {
  const fresh = nextKey(arena.secret, current);
  const to = { keyDigest: keyDigest(fresh), createdAt: new Date(arena.now()).toISOString() };
  return rotated(fresh, await change(arena, { agentId: agent.id, from, to, requestDigest }), true, agent);
}

/** `POST /api/keys/revoke`: the agent keeps its identity and records, and no key is good until it rotates one. */
export async function revokeKey(arena: ArenaContext, asked: KeyChangeRequest) {
  const to = { revokedAt: new Date(arena.now()).toISOString() };
  if (asked.agent) {
    refuseRegistrationBesideBearer(asked.body);
    const from = { keyDigest: keyDigest(bearerToken(asked.request)) };
    return revoked(await change(arena, { agentId: asked.agent.id, from, to, requestDigest: asked.requestDigest }), asked.agent);
  }
  const { agent, key } = await registered(arena, asked.body);
  // Revoked already (by this request or another): nothing to change, and the answer says since when.
  if (key.revokedAt !== null) return revoked(key, agent);
  return revoked(await change(arena, { agentId: agent.id, from: { generation: key.generation }, to, requestDigest: asked.requestDigest }), agent);
}

/** The bearer says who the agent is: a registration beside it would say it twice, perhaps differently. */
function refuseRegistrationBesideBearer(body: KeyChangeBody): void {
  if (body.registrationNonce === undefined && body.registrationCapability === undefined) return;
  throw new HttpError('invalid-request', 'with an arena key as bearer, send a body of {}; send a registration only without a bearer', {
    errors: [{ path: body.registrationNonce !== undefined ? 'registrationNonce' : 'registrationCapability', message: 'not with a bearer key' }],
  });
}

/** The key a replayed rotation gave: made again from the request, whose bearer key or registration derives it. */
export async function restoreRotatedKey(arena: ArenaContext, body: Record<string, unknown>, requestBody: KeyChangeBody, request: Request) {
  if (requestBody.registrationNonce === undefined && requestBody.registrationCapability === undefined) return { apiKey: nextKey(arena.secret, bearerToken(request)), ...body };
  return restoredKey(arena, await registrationOf(arena, requestBody), body);
}

/** The agent a registration names, and where its key stands; the registration must be sent alone, with no bearer. */
async function registered(arena: ArenaContext, body: KeyChangeBody) {
  const registration = await registrationOf(arena, body);
  const found = await arena.store.agentByRegistration(keyDigest(firstKey(arena.secret, registration)));
  if (!found) throw unauthorized('no agent was registered with this registration', `${AUTH_REALM}, error="invalid_token"`);
  return { registration, ...found };
}

async function registrationOf(arena: ArenaContext, body: KeyChangeBody): Promise<Registration> {
  if (body.registrationNonce !== undefined && body.registrationCapability === undefined) return { nonce: body.registrationNonce };
  if (body.registrationCapability !== undefined && body.registrationNonce === undefined) {
    return { capabilityId: (await readCapability(arena, body.registrationCapability, 'registrationCapability')).id };
  }
  if (body.registrationNonce !== undefined) {
    throw new HttpError('invalid-request', 'send registrationNonce or registrationCapability, not both', {
      errors: [{ path: 'registrationCapability', message: 'one registration at a time' }],
    });
  }
  throw unauthorized('send the arena key as `Authorization: Bearer <key>` with a body of {}, or registrationNonce or registrationCapability without a bearer', AUTH_REALM);
}

/** Makes the change, or says why it could not be made: the key changed meanwhile, or it was rotated as often as it may be. */
async function change(arena: ArenaContext, keyChange: KeyChange): Promise<ArenaKeyState> {
  const state = await arena.store.changeKey(keyChange, MAX_KEY_GENERATION);
  if (state) return state;
  const now = await arena.store.keyStateOf(keyChange.agentId);
  if ('keyDigest' in keyChange.to && now && now.generation >= MAX_KEY_GENERATION) throw rotatedTooOften();
  if ('keyDigest' in keyChange.from)
    throw unauthorized('this arena key was rotated or revoked while the request was handled; it is no longer good', `${AUTH_REALM}, error="invalid_token"`);
  throw new HttpError('conflict', 'the key was changed by another request while this one was handled; send a new request (with a new Idempotency-Key) if a change is still wanted');
}

function rotatedTooOften(): HttpError {
  return new HttpError('conflict', `this agent's key was rotated ${MAX_KEY_GENERATION} times, as often as a key may be`);
}

function rotated(apiKey: string, key: ArenaKeyState, created: boolean, agent: AgentRecord) {
  return { ...issuedKey(apiKey, key, ROTATED_NOTICE), created, agent: publicAgent(agent) };
}

function revoked(key: ArenaKeyState, agent: AgentRecord) {
  return { revoked: true as const, revokedAt: key.revokedAt!, keyGeneration: key.generation, notice: REVOKED_NOTICE, agent: publicAgent(agent) };
}
