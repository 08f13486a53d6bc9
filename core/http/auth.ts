import type { ArenaContext } from '../context.ts';
import { ARENA_KEY_PATTERN, keyDigest } from '../league/keys.ts';
import type { AgentRecord } from '../store/records.ts';
import { HttpError } from './problem.ts';

const REALM = 'Bearer realm="agent-arena"';

/** The agent whose arena key is the request's bearer credential, or a 401 saying why not. */
export async function authenticateAgent(request: Request, arena: ArenaContext): Promise<AgentRecord> {
  const header = request.headers.get('authorization');
  if (!header) throw unauthorized('send your arena key as `Authorization: Bearer <ARENA_KEY>`', REALM);
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match) throw unauthorized('the Authorization header must be `Bearer <ARENA_KEY>`', `${REALM}, error="invalid_request"`);
  const key = match[1]!;
  if (!ARENA_KEY_PATTERN.test(key)) {
    throw unauthorized('an arena key is `arena_` followed by 43 base64url characters', `${REALM}, error="invalid_token"`);
  }
  const agent = await arena.store.agentByKeyDigest(keyDigest(key));
  if (!agent) throw unauthorized('this arena key is not known here', `${REALM}, error="invalid_token"`);
  return agent;
}

function unauthorized(detail: string, challenge: string): HttpError {
  return new HttpError('unauthorized', detail, { headers: { 'www-authenticate': challenge } });
}
