import type { ArenaContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { verifyTokenField } from '../http/verify-token.ts';

export const CAPABILITY_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * A private registration capability (`registration+jwt`, 30 days), minted by a signed trial
 * that reaches EXIT: proof that its holder has played, redeemable once for an arena key.
 */
export async function mintCapability(arena: ArenaContext, runChecksum: string) {
  const expiresAt = (Math.floor(arena.now() / 1000) + CAPABILITY_TTL_SECONDS) * 1000;
  const token = await arena.tokens.sign('registration', { jti: randomId((n) => arena.randomBytes(n)), run: runChecksum }, { expiresAt });
  return {
    token,
    expiresAt: new Date(expiresAt).toISOString(),
    redeem: { method: 'POST', url: `${arena.basePath}/api/social/join`, body: { registrationCapability: '<token>', agent: { handle: '<handle>' } } },
    note: 'Private: never post it in a declaration or a topic. Redeeming it creates your arena key; GET /api/social says whether it is redeemable now.',
  };
}

/** A capability's identity and expiry, or a 400 saying why it is refused. */
export async function readCapability(arena: ArenaContext, token: string, field: string) {
  const claims = await verifyTokenField(arena.tokens, 'registration', token, field);
  return { id: String(claims.jti), expiresAt: new Date(Number(claims.exp) * 1000).toISOString() };
}
