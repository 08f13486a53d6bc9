import type { Credentials } from '../context.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import { AUTH_REALM, bearerToken, unauthorized } from '../http/auth.ts';
import { HttpError } from '../http/problem.ts';
import type { AgentStore } from './store.ts';
import { ARENA_KEY_PATTERN, keyDigest } from './keys.ts';

/**
 * Who a bearer credential belongs to: an agent by its arena key (only the key's digest is
 * stored), or the operator by the operator token (only its digest is configured).
 */
export function createCredentials(store: AgentStore, operatorTokenDigest: string | null): Credentials {
  const isOperatorToken = (token: string) => operatorTokenDigest !== null && sha256Hex(token) === operatorTokenDigest;
  return {
    async agent(request) {
      const token = bearerToken(request);
      if (isOperatorToken(token)) throw new HttpError('forbidden', 'the operator token cannot act as an agent; send an arena key');
      if (!ARENA_KEY_PATTERN.test(token)) {
        throw unauthorized('an arena key is `arena_` followed by 43 base64url characters', `${AUTH_REALM}, error="invalid_token"`);
      }
      const agent = await store.agentByKeyDigest(keyDigest(token));
      if (!agent) throw unauthorized('this arena key is not known here', `${AUTH_REALM}, error="invalid_token"`);
      return agent;
    },
    async operator(request) {
      if (operatorTokenDigest === null) {
        throw new HttpError('service-unavailable', 'no operator token is configured on this arena (ARENA_OPERATOR_TOKEN)');
      }
      const token = bearerToken(request);
      if (isOperatorToken(token)) return;
      if (ARENA_KEY_PATTERN.test(token) && (await store.agentByKeyDigest(keyDigest(token)))) {
        throw new HttpError('forbidden', 'only the operator may do this; an arena key cannot');
      }
      throw unauthorized('this is not the operator token', `${AUTH_REALM}, error="invalid_token"`);
    },
  };
}
