import type { ArenaContext } from '../context.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import { ARENA_KEY_PATTERN, keyDigest } from '../agents/keys.ts';
import type { AgentRecord } from '../agents/records.ts';
import { HttpError } from './problem.ts';

const REALM = 'Bearer realm="agent-arena"';

/** The bearer credential of a request, or a 401 when there is none or it is not `Bearer <token>`. */
export function bearerToken(request: Request): string {
  const header = request.headers.get('authorization');
  if (!header) throw unauthorized('send your arena key as `Authorization: Bearer <ARENA_KEY>`', REALM);
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match) throw unauthorized('the Authorization header must be `Bearer <token>`', `${REALM}, error="invalid_request"`);
  return match[1]!;
}

function isOperatorToken(token: string, arena: ArenaContext): boolean {
  return arena.settings.operatorTokenDigest !== null && sha256Hex(token) === arena.settings.operatorTokenDigest;
}

/** The agent whose arena key is the bearer credential: 401 unknown or malformed, 403 the operator's token. */
export async function authenticateAgent(request: Request, arena: ArenaContext): Promise<AgentRecord> {
  const token = bearerToken(request);
  if (isOperatorToken(token, arena)) throw new HttpError('forbidden', 'the operator token cannot act as an agent; send an arena key');
  if (!ARENA_KEY_PATTERN.test(token)) {
    throw unauthorized('an arena key is `arena_` followed by 43 base64url characters', `${REALM}, error="invalid_token"`);
  }
  const agent = await arena.store.agentByKeyDigest(keyDigest(token));
  if (!agent) throw unauthorized('this arena key is not known here', `${REALM}, error="invalid_token"`);
  return agent;
}

/** The operator's token as the bearer credential: 503 when none is configured, 403 an arena key, 401 anything else. */
export async function authenticateOperator(request: Request, arena: ArenaContext): Promise<void> {
  if (arena.settings.operatorTokenDigest === null) {
    throw new HttpError('service-unavailable', 'no operator token is configured on this arena (ARENA_OPERATOR_TOKEN)');
  }
  const token = bearerToken(request);
  if (isOperatorToken(token, arena)) return;
  if (ARENA_KEY_PATTERN.test(token) && (await arena.store.agentByKeyDigest(keyDigest(token)))) {
    throw new HttpError('forbidden', 'only the operator may do this; an arena key cannot');
  }
  throw unauthorized('this is not the operator token', `${REALM}, error="invalid_token"`);
}

function unauthorized(detail: string, challenge: string): HttpError {
  return new HttpError('unauthorized', detail, { headers: { 'www-authenticate': challenge } });
}
