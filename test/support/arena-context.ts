import type { ArenaContext } from '../../core/context.ts';
import { createArena, createArenaContext, type Arena, type ArenaOptions } from '../../core/index.ts';
import { openMemoryStore } from './fixtures/memory-store.ts';

/** An ArenaContext for tests of code below the HTTP layer: a fixed key and clock, an in-memory store. */
export async function testArenaContext(options: { now?: number; seed?: number } = {}): Promise<ArenaContext> {
  return createArenaContext(await testOptions(options));
}

/** The whole arena on the same options: its fetch handler and its route table. */
export async function testArena(options: { now?: number; seed?: number } = {}): Promise<Arena> {
  return createArena(await testOptions(options));
}

async function testOptions(options: { now?: number; seed?: number }): Promise<ArenaOptions> {
  const now = options.now ?? Date.UTC(2026, 10, 21, 12);
  return {
    signingKey: new Uint8Array(32).fill(options.seed ?? 11),
    secret: new Uint8Array(32).fill(42),
    store: await openMemoryStore(),
    now: () => now,
    publicOrigin: 'https://arena.test',
  };
}
