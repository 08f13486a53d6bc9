import type { ArenaContext } from './context.ts';
import { createKeyRing } from './crypto/key-ring.ts';
import type { Ed25519Engine } from './crypto/ed25519.ts';
import { createTokens } from './crypto/tokens.ts';
import { jwksRoutes } from './discovery/jwks-route.ts';
import { problemRoutes } from './discovery/problem-routes.ts';
import { catalogRoutes } from './games/catalog.ts';
import { packetRunRoutes } from './games/packet-run/routes.ts';
import { stateForgeRoutes } from './games/state-forge/routes.ts';
import { ARCHIVE_PUBLIC_KEYS } from './games/triad-duel/archive.ts';
import { triadDuelRoutes } from './games/triad-duel/routes.ts';
import { createFetchHandler } from './http/router.ts';
import type { Route } from './http/route.ts';
import { leagueRoutes } from './league/routes.ts';
import { pulseRoutes } from './status/pulse.ts';
import type { Store } from './store/store.ts';
import { duelPageRoutes } from './pages/duel-page.ts';

export interface ArenaOptions {
  /** 32-byte Ed25519 seed of the key that signs tokens and receipts. */
  signingKey: Uint8Array;
  /**
   * The server secret (32 bytes) from which daily circuits, boards and league keys derive.
   * It must stay the same across restarts and instances; it never rotates with the signing key.
   */
  secret: Uint8Array;
  /** Durable storage (see `storage/`): the embedded SQLite, PostgreSQL or D1. */
  store: Store;
  /** Public keys of earlier signing keys; they stay in the JWKS so old receipts verify. */
  retiredPublicKeys?: readonly Uint8Array[];
  /** The clock, in epoch milliseconds. Defaults to `Date.now`. */
  now?: () => number;
  /** Random bytes. Defaults to WebCrypto's `getRandomValues`. */
  randomBytes?: (length: number) => Uint8Array;
  /** Origin used for absolute links (`https://arena.example`). Defaults to the request's origin. */
  publicOrigin?: string;
  /** Ed25519 implementation; `auto` (default) prefers the runtime's WebCrypto when it supports Ed25519. */
  cryptoEngine?: Ed25519Engine | 'auto';
  /** Issuer named in every token. */
  issuer?: string;
}

export interface Arena {
  fetch(request: Request): Promise<Response>;
}

const ROUTES: readonly Route[] = [
  ...catalogRoutes,
  ...packetRunRoutes,
  ...triadDuelRoutes,
  ...stateForgeRoutes,
  ...leagueRoutes,
  ...pulseRoutes,
  ...jwksRoutes,
  ...problemRoutes,
  ...duelPageRoutes,
];

/** The whole arena as one Web-standard fetch handler; everything runtime-specific is injected. */
export function createArena(options: ArenaOptions): Arena {
  if (options.secret.length < 32) throw new RangeError('the server secret must be at least 32 bytes');
  const now = options.now ?? (() => Date.now());
  const randomBytes = options.randomBytes ?? ((length: number) => crypto.getRandomValues(new Uint8Array(length)));
  const publicOrigin = options.publicOrigin === undefined ? undefined : normaliseOrigin(options.publicOrigin);
  let context: Promise<ArenaContext> | undefined;

  async function buildContext(): Promise<ArenaContext> {
    const keys = await createKeyRing({
      signingSeed: options.signingKey,
      // Archived fixtures were signed by their own keys; publishing them keeps the fixtures verifiable.
      retiredPublicKeys: [...(options.retiredPublicKeys ?? []), ...ARCHIVE_PUBLIC_KEYS],
      engine: options.cryptoEngine ?? 'auto',
    });
    return {
      now,
      randomBytes,
      secret: options.secret,
      store: options.store,
      keys,
      tokens: createTokens({ keys, now, issuer: options.issuer ?? 'agent-arena' }),
      originOf: (request) => publicOrigin ?? new URL(request.url).origin,
    };
  }

  const handle = createFetchHandler(ROUTES, () => (context ??= buildContext()));
  return { fetch: (request) => handle(request) };
}

function normaliseOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('publicOrigin must be an http(s) origin');
  return url.origin;
}
