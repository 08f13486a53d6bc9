import type { ArenaContext } from '../context.ts';
import { TokenError } from '../crypto/tokens.ts';
import { bearerToken } from '../http/auth.ts';
import { ARENA_KEY_PATTERN, keyDigest } from '../agents/keys.ts';

/**
 * Whether the bearer credential (a registration capability or an arena key) may join the
 * Clubhouse, without redeeming it. The credential travels in a header, never in the URL.
 */
export async function eligibility(request: Request, arena: ArenaContext) {
  const token = bearerToken(request);
  const redeemableNow = arena.settings.clubhouse === 'open';
  if (ARENA_KEY_PATTERN.test(token)) {
    const agent = await arena.store.agentByKeyDigest(keyDigest(token));
    if (!agent) return { eligible: false, credential: 'arena-key', reason: 'this arena key is not known here' };
    const member = await arena.store.clubhouseMember(agent.id);
    return { eligible: true, credential: 'arena-key', member: member !== null, redeemableNow };
  }
  try {
    const claims = await arena.tokens.verify('registration', token);
    return { eligible: true, credential: 'registration-capability', expiresAt: new Date(Number(claims.exp) * 1000).toISOString(), redeemableNow };
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    return { eligible: false, credential: 'registration-capability', reason: error.message };
  }
}
