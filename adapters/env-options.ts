import { decodeBase64Url, deriveServerSecret, type ArenaOptions } from '../core/index.ts';
import { ConfigurationError, readEnvironment, type Environment } from './environment.ts';

export type { Environment } from './environment.ts';

/** The key material of an arena. */
export type ArenaKeys = Pick<ArenaOptions, 'signingKey' | 'secret'> & { retiredPublicKeys: Uint8Array[] };

/** A base64url-encoded 32-byte value (from a key file), or a clear start-up error naming where it came from. */
export function parseKey(text: string, source: string): Uint8Array {
  const bytes = decodeBase64Url(text.trim());
  if (!bytes || bytes.length !== 32) throw new ConfigurationError(`${source} must be 32 bytes in base64url (43 characters)`);
  return bytes;
}

/**
 * Keys given by the environment (always so on Workers): `ARENA_SIGNING_KEY`, `ARENA_SECRET`,
 * `ARENA_RETIRED_PUBLIC_KEYS`. Without `ARENA_SECRET` the server secret is derived from the
 * signing key, so set it before ever rotating that key.
 */
export function keysFromEnv(env: Environment): ArenaKeys {
  const { ARENA_SIGNING_KEY: signingKey, ARENA_SECRET: secret, ARENA_RETIRED_PUBLIC_KEYS: retired = [] } = readEnvironment(env);
  if (!signingKey) throw new ConfigurationError('ARENA_SIGNING_KEY must be set: 32 bytes in base64url (43 characters)');
  return { signingKey, retiredPublicKeys: retired, secret: secret ?? deriveServerSecret(signingKey) };
}

/** `ARENA_RETIRED_PUBLIC_KEYS`: comma-separated base64url public keys that stay in the JWKS. */
export function retiredKeysFromEnv(env: Environment): Uint8Array[] {
  return readEnvironment(env).ARENA_RETIRED_PUBLIC_KEYS ?? [];
}

/**
 * The operator's choices: `ARENA_PUBLIC_ORIGIN` (the origin absolute links use), `ARENA_BASE_PATH`
 * (the path the arena is served under),
 * `ARENA_OPERATOR_TOKEN` (32+ characters, for operator actions), `ARENA_CLUBHOUSE`
 * (`open` or `forming`), `ARENA_ARRIVAL_DAILY_CAP` (check-ins per client and day) and
 * `ARENA_ANONYMOUS_WRITES_PER_HOUR` (joins, redemptions and check-ins per client and hour) and
 * `ARENA_DATA_LICENCE` (the licence the exports are offered under), and for `/api/events`
 * `ARENA_EVENTS_POLL_MS`, `ARENA_EVENTS_HEARTBEAT_MS`, `ARENA_EVENTS_PER_CLIENT` and `ARENA_EVENTS_MAX`.
 */
export function settingsFromEnv(env: Environment): Pick<ArenaOptions, 'publicOrigin' | 'basePath' | 'operatorToken' | 'clubhouse' | 'arrivalDailyCap' | 'anonymousWritesPerHour' | 'dataLicence' | 'events'> {
  const config = readEnvironment(env);
  const events = {
    ...(config.ARENA_EVENTS_POLL_MS !== undefined ? { pollMs: config.ARENA_EVENTS_POLL_MS } : {}),
    ...(config.ARENA_EVENTS_HEARTBEAT_MS !== undefined ? { heartbeatMs: config.ARENA_EVENTS_HEARTBEAT_MS } : {}),
    ...(config.ARENA_EVENTS_PER_CLIENT !== undefined ? { streamsPerClient: config.ARENA_EVENTS_PER_CLIENT } : {}),
    ...(config.ARENA_EVENTS_MAX !== undefined ? { maxStreams: config.ARENA_EVENTS_MAX } : {}),
  };
  return {
    ...(Object.keys(events).length > 0 ? { events } : {}),
    ...(config.ARENA_PUBLIC_ORIGIN !== undefined ? { publicOrigin: config.ARENA_PUBLIC_ORIGIN } : {}),
    ...(config.ARENA_BASE_PATH !== undefined ? { basePath: config.ARENA_BASE_PATH } : {}),
    ...(config.ARENA_OPERATOR_TOKEN !== undefined ? { operatorToken: config.ARENA_OPERATOR_TOKEN } : {}),
    ...(config.ARENA_CLUBHOUSE !== undefined ? { clubhouse: config.ARENA_CLUBHOUSE } : {}),
    ...(config.ARENA_ARRIVAL_DAILY_CAP !== undefined ? { arrivalDailyCap: config.ARENA_ARRIVAL_DAILY_CAP } : {}),
    ...(config.ARENA_ANONYMOUS_WRITES_PER_HOUR !== undefined ? { anonymousWritesPerHour: config.ARENA_ANONYMOUS_WRITES_PER_HOUR } : {}),
    ...(config.ARENA_DATA_LICENCE !== undefined ? { dataLicence: config.ARENA_DATA_LICENCE } : {}),
  };
}

/**
 * The line a local server prints at start when `ARENA_PUBLIC_ORIGIN` is unset: documents
 * answered live then build their absolute links from each request's Host. Records and ids never
 * do (they keep paths), so this is about links only.
 */
export function publicOriginWarning(env: Environment): string | undefined {
  if (env.ARENA_PUBLIC_ORIGIN) return undefined;
  return 'ARENA_PUBLIC_ORIGIN is not set, so absolute links in documents follow the Host each request names; set it to the public origin (such as https://arena.example).';
}
