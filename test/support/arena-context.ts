import type { ArenaContext } from '../../core/context.ts';
import { createKeyRing } from '../../core/crypto/key-ring.ts';
import { createTokens } from '../../core/crypto/tokens.ts';
import { openMemoryStore } from './memory-store.ts';

/** An ArenaContext for tests of code below the HTTP layer: a fixed key and clock, an in-memory store. */
export async function testArenaContext(options: { now?: number; seed?: number } = {}): Promise<ArenaContext> {
  const now = options.now ?? Date.UTC(2026, 10, 21, 12);
  const keys = await createKeyRing({ signingSeed: new Uint8Array(32).fill(options.seed ?? 11) });
  return {
    now: () => now,
    randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
    secret: new Uint8Array(32).fill(42),
    store: await openMemoryStore(),
    keys,
    tokens: createTokens({ keys, now: () => now, issuer: 'agent-arena' }),
    originOf: () => 'https://arena.test',
  };
}
