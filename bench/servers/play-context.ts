/**
 * What the baselines of `http-play-*` share with the arena: the same keys (from the same
 * variables), the same core functions (scoring, receipt, canonical JSON, Ed25519) and the same
 * native SHA-256, so only the HTTP layer differs between them and the arena.
 */
import { nativeSha256 } from '../../adapters/native-sha256.ts';
import type { ArenaContext } from '../../core/context.ts';
import { createArenaContext, decodeBase64Url, useSha256 } from '../../core/index.ts';
import { CLASSIC_BOARD, CLASSIC_CHALLENGE } from '../../core/games/packet-run/board.ts';
import type { RunSetting } from '../../core/games/packet-run/result.ts';
import type { Store } from '../../core/store/store.ts';

export const PLAY_PATH = '/api/games/packet-run/play';
export const FORGE_PLAY_PATH = '/api/games/state-forge/play';
export const CLASSIC: RunSetting = { mode: 'classic-benchmark', challenge: CLASSIC_CHALLENGE, board: CLASSIC_BOARD, transform: 'identity' };

/**
 * The handler context on the keys the arena under test was given (ARENA_SIGNING_KEY,
 * ARENA_SECRET), over `store` (a store in memory: signed play keeps nothing).
 */
export async function playContext(store: Store): Promise<ArenaContext> {
  useSha256(nativeSha256);
  const key = (name: string) => {
    const bytes = decodeBase64Url(process.env[name] ?? '');
    if (bytes?.length !== 32) throw new Error(`${name} must be 32 bytes in base64url`);
    return bytes;
  };
  return createArenaContext({ signingKey: key('ARENA_SIGNING_KEY'), secret: key('ARENA_SECRET'), store });
}

/** Stops on SIGINT or SIGTERM, as the bench's child servers are stopped. */
export function stopOnSignals(close: (done: () => void) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => close(() => process.exit(0)));
}
