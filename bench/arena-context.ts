import type { ArenaContext } from '../core/context.ts';
import { randomSeed, type Ed25519Engine } from '../core/crypto/ed25519.ts';
import { createKeyRing } from '../core/crypto/key-ring.ts';
import { createTokens } from '../core/crypto/tokens.ts';
import { openMemoryStore } from '../test/support/memory-store.ts';

/**
 * The context a handler receives, built as `createArena` builds it (fresh signing key and
 * server secret, real clock and randomness, a store in memory), for cases that call game code
 * without HTTP.
 */
export async function benchArenaContext(engine: Ed25519Engine | 'auto' = 'auto'): Promise<ArenaContext> {
  const keys = await createKeyRing({ signingSeed: randomSeed(), engine });
  const now = () => Date.now();
  return {
    now,
    randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
    secret: randomSeed(),
    store: await openMemoryStore(),
    keys,
    tokens: createTokens({ keys, now, issuer: 'agent-arena' }),
    originOf: () => BENCH_ORIGIN,
  };
}

/** The origin that in-process requests and receipts name. */
export const BENCH_ORIGIN = 'http://bench';
