import type { KeyRing } from './crypto/key-ring.ts';
import type { Tokens } from './crypto/tokens.ts';
import type { Connection, Route } from './http/route.ts';
import type { Store } from './store/store.ts';

/** The operator's choices, fixed when the arena is created. */
export interface ArenaSettings {
  clubhouse: 'open' | 'forming';
  arrivalDailyCap: number;
  /** Anonymous durable writes (joins, capability redemptions, check-ins) per client and hour; 0: no limit. */
  anonymousWritesPerHour: number;
  /** SHA-256 hex of the operator token, or null when none is configured. */
  operatorTokenDigest: string | null;
}

/** What every handler receives besides its request: the arena's injected capabilities. */
export interface ArenaContext {
  /** Epoch milliseconds from the injected clock. */
  now(): number;
  /** Cryptographically random bytes (injectable for deterministic tests). */
  randomBytes(length: number): Uint8Array;
  /** The server secret: the seed of every daily derivation. Never sent anywhere. */
  secret: Uint8Array;
  tokens: Tokens;
  /** Durable records: agents, league attempts, idempotency keys. */
  store: Store;
  settings: ArenaSettings;
  keys: KeyRing;
  /**
   * The origin that absolute links in documents answered live use: the configured public
   * origin, else the request's. Never for what is stored or for ids (see `publicOrigin`).
   */
  originOf(request: Request): string;
  /** The configured public origin, if any: the only origin records, receipts and ids may hold. */
  publicOrigin: string | undefined;
  /** Every route of the arena: what the API descriptions describe. */
  routes: readonly Route[];
  /** The arena's own fetch handler: remote-tool bridges answer by calling the routes in process. */
  fetch(request: Request, connection?: Connection): Promise<Response>;
}
