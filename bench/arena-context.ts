import type { ArenaContext } from '../core/context.ts';
import { createArenaContext, randomSeed } from '../core/index.ts';
import type { Ed25519Engine } from '../core/crypto/ed25519.ts';
import { openMemoryStore } from '../test/support/fixtures/memory-store.ts';

/**
 * The context a handler receives, built as `createArena` builds it (fresh signing key and
 * server secret, real clock and randomness, a store in memory), for cases that call game code
 * without HTTP.
 */
export async function benchArenaContext(engine: Ed25519Engine | 'auto' = 'auto'): Promise<ArenaContext> {
  return createArenaContext({
    signingKey: randomSeed(),
    secret: randomSeed(),
    store: await openMemoryStore(),
    cryptoEngine: engine,
    publicOrigin: BENCH_ORIGIN,
  });
}

/** The origin that in-process requests and receipts name. */
export const BENCH_ORIGIN = 'http://bench';
