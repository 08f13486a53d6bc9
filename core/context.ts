import type { AgentRecord } from './agents/records.ts';
import type { KeyRing } from './crypto/key-ring.ts';
import type { Tokens } from './crypto/tokens.ts';
import type { Failure } from './http/log.ts';
import type { InstanceMemory } from './instance-memory.ts';
import type { ArenaMetrics } from './metrics/arena-metrics.ts';
import type { Store } from './store/store.ts';

/** The operator's choices, fixed when the arena is created. */
export interface ArenaSettings {
  clubhouse: 'open' | 'forming';
  arrivalDailyCap: number;
  /** Anonymous durable writes (joins, capability redemptions, check-ins, key changes by registration secret) per client and hour; 0: no limit. */
  anonymousWritesPerHour: number;
  /** The licence the operator publishes the records' exports under, in its own words; absent when none is stated. */
  dataLicence?: string;
  events: EventStreamSettings;
  /** Exports one client (by address) may have under way at once on this instance. */
  exportsPerClient: number;
  /**
   * Whether this instance's requests may share work: caught-up event streams follow one reader of
   * new events (core/events/tail.ts), and exports take turns (core/exports/turns.ts). Not on
   * Workers, where a request's work ends with the request: there each stream reads on its own,
   * and each export pages at its own pace.
   */
  sharedWork: boolean;
}

/** How this instance serves `GET /api/events`. */
export interface EventStreamSettings {
  /** How often an open stream looks for events written by other instances, in milliseconds. */
  pollMs: number;
  /** The longest an open stream stays silent before it sends a heartbeat, in milliseconds. */
  heartbeatMs: number;
  /** Event streams one client (by address) may hold open at once on this instance. */
  streamsPerClient: number;
  /** Event streams this instance holds open at once, whoever the clients. */
  maxStreams: number;
}

/** Who a request's bearer credential belongs to. */
export interface Credentials {
  /** The agent whose arena key is the bearer credential: 401 unknown or malformed, 403 the operator's token. */
  agent(request: Request): Promise<AgentRecord>;
  /** The operator's token as the bearer credential: 503 when none is configured, 403 an arena key, 401 anything else. */
  operator(request: Request): Promise<void>;
}

/** What every handler receives besides its request: the arena's injected capabilities, and nothing else. */
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
  credentials: Credentials;
  /**
   * Where the arena is mounted: `''` at the root of its origin, else a path (`/arena`) that every
   * route is served under and every link the arena makes starts with.
   */
  basePath: string;
  /**
   * What absolute links in documents answered live start with: the configured public origin,
   * else the request's, then the base path (`https://arena.example/arena`). Never for what is
   * stored or for ids (see `publicBase`).
   */
  baseUrlOf(request: Request): string;
  /**
   * What links that records and receipts hold start with: the configured public origin, the
   * only origin they may hold, then the base path; without a public origin, the base path alone.
   */
  publicBase: string;
  /** What this instance remembers between requests (derived daily values, housekeeping times). */
  memory: InstanceMemory;
  /** What this instance counts for `/metrics`. */
  metrics: ArenaMetrics;
  /** Tells the operator of a failure the client is not told of (a bug, a write whose answer was lost). */
  report(failure: Failure): void;
}
