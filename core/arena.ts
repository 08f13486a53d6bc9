import { createCredentials } from './agents/credentials.ts';
import { checkedBasePath } from './http/base-path.ts';
import type { ArenaContext, EventStreamSettings } from './context.ts';
import { sha256Hex } from './crypto/sha256.ts';
import { createKeyRing } from './crypto/key-ring.ts';
import type { Ed25519Engine } from './crypto/ed25519.ts';
import { createTokens } from './crypto/tokens.ts';
import { ARCHIVE_PUBLIC_KEYS } from './games/triad-duel/archive.ts';
import { withNoSniff } from './http/no-sniff.ts';
import { clientKeyOf } from './http/client-key.ts';
import { createArenaMetrics } from './metrics/arena-metrics.ts';
import { timedStore } from './metrics/timed-store.ts';
import { consoleFailureLog, failureReporter, logsRequests, requestIds, type ArenaLog } from './http/log.ts';
import { createFetchHandler } from './http/router.ts';
import { answerHeaders, standardResponse, type BytesResponse } from './http/respond.ts';
import type { Connection, Dispatch, Route } from './http/route.ts';
import { EVENT_BELL } from './events/bell.ts';
import { OPEN_STREAMS } from './events/open-streams.ts';
import { createInstanceMemory } from './instance-memory.ts';
import { arenaRoutes } from './route-table.ts';
import type { Store } from './store/store.ts';

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
  /**
   * The path the arena is mounted under (`/arena`): it serves every route there, every link it
   * makes starts with it, and a request outside it is 404. No trailing `/`; default `''`, the root.
   */
  basePath?: string;
  /** Ed25519 implementation; `auto` (default) prefers the runtime's WebCrypto when it supports Ed25519. */
  cryptoEngine?: Ed25519Engine | 'auto';
  /** Issuer named in every token. */
  issuer?: string;
  /**
   * The operator's bearer token (32 or more characters) for operator actions, such as moving a
   * Rules Desk proposal between statuses. Without one, those actions answer 503.
   */
  operatorToken?: string;
  /** `forming` closes Clubhouse joins and posts (503, nothing kept). Default `open`. */
  clubhouse?: 'open' | 'forming';
  /** Arrival check-ins kept per client and UTC day. Default 20. */
  arrivalDailyCap?: number;
  /**
   * Anonymous durable writes (league joins, capability redemptions, arrival check-ins, key changes by registration secret) one client
   * may make per hour, counted in the store (so across instances). Default 30; 0 turns it off.
   */
  anonymousWritesPerHour?: number;
  /**
   * The licence the public records' exports are offered under, stated by the operator (such as
   * `CC0-1.0` or `CC-BY-4.0 https://creativecommons.org/licenses/by/4.0/`). Unset, the dataset
   * description says no licence is stated.
   */
  dataLicence?: string;
  /**
   * How `GET /api/events` streams run: how often each looks for events other instances wrote
   * (`pollMs`, default 1000; this instance's own writes wake its streams at once, and so do the
   * store's notices of other instances' writes where it has them: PostgreSQL's), the longest
   * silence before a heartbeat (`heartbeatMs`, default 15000), the streams one client may
   * hold open at once (`streamsPerClient`, default 4), those the instance holds open in all
   * (`maxStreams`, default 3000: where one Node instance still delivers within 250 ms at 20 writes/s, `bench/RESULTS.md` streams-at-scale).
   */
  events?: Partial<EventStreamSettings>;
  /** Exports (`/api/exports/*`) one client may have under way at once on this instance (default 4; 429 past it). */
  exportsPerClient?: number;
  /**
   * Whether requests may share work on this instance (default true): caught-up event streams
   * follow one reader of new events, and exports take turns at reading the store. False where a
   * request's work ends with the request, as on Workers (`createWorker` sets it): each stream then
   * reads on its own, and each export pages at its own pace.
   */
  sharedWork?: boolean;
  /** The runtime's name for `/metrics` (`node`, `bun`, `deno`, `workers`). */
  runtime?: string;
  /**
   * Receives one event per answered request and one per failure (the adapter writes each as a
   * log line). By default requests go unlogged and failures go to stderr as JSON lines.
   */
  log?: ArenaLog;
}

export interface Arena {
  /** Answers a request. `connection` carries what only the adapter knows, such as the client address. */
  fetch(request: Request, connection?: Connection): Promise<Response>;
  /**
   * The same answer for an adapter that writes the bytes itself (Node's): it may be a
   * {@link BytesResponse}, whose bytes `bytesOf` gives without reading a body stream. Its body
   * is empty to a runtime that reads bodies natively; those take `fetch`'s answer.
   */
  answer(request: Request, connection?: Connection): Promise<Response>;
  /** Every route the arena serves, in the order the API descriptions list them; their paths are served under `basePath`. */
  routes: readonly Route[];
  /** The path the arena is mounted under, `''` at the root: what adapters' own refusals name their problem types under. */
  basePath: string;
  /**
   * Ends every open event stream (`GET /api/events`), for an adapter that is stopping: those
   * answers never end by themselves, and each client resumes elsewhere with `Last-Event-ID`.
   */
  endEventStreams(): void;
}

/** The whole arena as one Web-standard fetch handler; everything runtime-specific is injected. */
export function createArena(options: ArenaOptions): Arena {
  checkOptions(options);
  const basePath = checkedBasePath(options.basePath);
  let handler: Promise<Dispatch> | undefined;
  let context: ArenaContext | undefined;
  const answer: Dispatch = async (request, connection) =>
    (await (handler ??= createArenaContext(options).then((created) => answering(routes, (context = created), options.log))))(request, connection);
  // The bridges read their answers in process, so they take them unconverted.
  const routes = arenaRoutes(answer, basePath);
  const fetch: Dispatch = async (request, connection) => standardResponse(await answer(request, connection));
  return { fetch, answer, routes, basePath, endEventStreams: () => context?.memory.get(OPEN_STREAMS).endAll() };
}

/**
 * The fetch handler over `routes` in `context` (keys imported). Every answer carries the
 * request's id (`X-Request-Id`: the client's own when it fits, else a fresh one), and is told to
 * `log` with that id, its route's pattern, status, time and size.
 */
function answering(routes: readonly Route[], context: ArenaContext, log: ArenaLog | undefined): Dispatch {
  const route = createFetchHandler(routes, async () => context, context.report, context.basePath);
  const requestIdOf = requestIds(context.randomBytes);
  const keyedClient = keyedClients();
  const bell = context.memory.get(EVENT_BELL);
  const requestLog = logsRequests(log) ? log : undefined;
  return async (request, connection = {}) => {
    const started = performance.now();
    const answered = context.metrics.requestStarted();
    const requestId = requestIdOf(request);
    const { response, route: pattern } = await route(request, keyedClient(connection, requestId));
    answerHeaders(response).set('x-request-id', requestId);
    // A write may have added events: this instance's streams look now rather than at their next poll.
    if (request.method !== 'GET' && request.method !== 'HEAD' && response.status < 300) bell.ring();
    answered({ method: request.method, route: pattern, status: response.status, seconds: (performance.now() - started) / 1000 });
    requestLog?.({
      event: 'request',
      level: 'info',
      time: new Date(context.now()).toISOString(),
      requestId,
      method: request.method,
      route: pattern,
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      bytes: contentLength(response),
    });
    return withNoSniff(response);
  };
}

/** Addresses whose client keys are remembered; past this many, they are forgotten all at once. */
const CLIENT_KEYS_KEPT = 1024;

/**
 * The connection as routes see it, with the request's id: its client address as the key the
 * client is counted under, so no count can tell apart two spellings of one address, or two
 * addresses of one IPv6 /64. What is not an address is no address: such clients share the
 * budget of the unknown. The keys of the addresses seen lately are remembered: a client sends
 * request after request from one address, and keying it cost some 8 µs of each.
 */
function keyedClients(): (connection: Connection, requestId: string) => Connection {
  const keys = new Map<string, string | null>();
  return ({ clientAddress }, requestId) => {
    if (clientAddress === undefined) return { requestId };
    let key = keys.get(clientAddress);
    if (key === undefined) {
      if (keys.size >= CLIENT_KEYS_KEPT) keys.clear();
      key = clientKeyOf(clientAddress) ?? null;
      keys.set(clientAddress, key);
    }
    return key === null ? { requestId } : { clientAddress: key, requestId };
  };
}

/** The answer's declared length, when it has one. */
function contentLength(response: Response): number | null {
  const length = answerHeaders(response).get('content-length');
  return length !== null && /^\d+$/.test(length) ? Number(length) : null;
}

/** What every handler receives, built from the options: keys imported, settings resolved, the instance's memory. */
export async function createArenaContext(options: ArenaOptions): Promise<ArenaContext> {
  checkOptions(options);
  const now = options.now ?? (() => Date.now());
  const publicOrigin = options.publicOrigin === undefined ? undefined : normaliseOrigin(options.publicOrigin);
  const basePath = checkedBasePath(options.basePath);
  const keys = await createKeyRing({
    signingSeed: options.signingKey,
    // Archived fixtures were signed by their own keys; publishing them keeps the fixtures verifiable.
    retiredPublicKeys: [...(options.retiredPublicKeys ?? []), ...ARCHIVE_PUBLIC_KEYS],
    engine: options.cryptoEngine ?? 'auto',
  });
  const operatorTokenDigest = options.operatorToken === undefined ? null : sha256Hex(options.operatorToken);
  const metrics = createArenaMetrics(options.runtime ?? 'unknown', now());
  const store = timedStore(options.store, metrics);
  return {
    now,
    randomBytes: options.randomBytes ?? ((length: number) => crypto.getRandomValues(new Uint8Array(length))),
    secret: options.secret,
    store,
    settings: {
      clubhouse: options.clubhouse ?? 'open',
      arrivalDailyCap: options.arrivalDailyCap ?? 20,
      anonymousWritesPerHour: options.anonymousWritesPerHour ?? 30,
      ...(options.dataLicence !== undefined ? { dataLicence: options.dataLicence } : {}),
      events: { ...EVENT_STREAM_DEFAULTS, ...options.events },
      exportsPerClient: options.exportsPerClient ?? 4,
      sharedWork: options.sharedWork ?? true,
    },
    keys,
    credentials: createCredentials(store, operatorTokenDigest),
    tokens: createTokens({ keys, now, issuer: options.issuer ?? 'agent-arena' }),
    basePath,
    baseUrlOf: (request) => `${publicOrigin ?? new URL(request.url).origin}${basePath}`,
    publicBase: `${publicOrigin ?? ''}${basePath}`,
    memory: createInstanceMemory(),
    metrics,
    report: failureReporter(options.log ?? consoleFailureLog, now),
  };
}

const EVENT_STREAM_DEFAULTS: EventStreamSettings = { pollMs: 1000, heartbeatMs: 15_000, streamsPerClient: 4, maxStreams: 3000 };

function checkOptions(options: ArenaOptions): void {
  if (options.secret.length < 32) throw new RangeError('the server secret must be at least 32 bytes');
  if (options.operatorToken !== undefined && options.operatorToken.length < 32) {
    throw new RangeError('the operator token must be at least 32 characters');
  }
  if (options.sharedWork !== undefined && typeof options.sharedWork !== 'boolean') throw new TypeError('sharedWork must be true or false');
  for (const [name, value] of Object.entries(options.events ?? {})) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1)) throw new RangeError(`events.${name} must be a positive whole number`);
  }
  const { exportsPerClient } = options;
  if (exportsPerClient !== undefined && !(Number.isSafeInteger(exportsPerClient) && exportsPerClient >= 1))
    throw new RangeError('exportsPerClient must be a positive whole number');
}

function normaliseOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('publicOrigin must be an http(s) origin');
  return url.origin;
}
