/** The arena's options the environment gives, on every runtime (Workers included). */
import { deriveServerSecret, type ArenaOptions } from '../../core/index.ts';
import { ConfigurationError, type Configuration } from './read.ts';

/** The key material of an arena. */
export type ArenaKeys = Pick<ArenaOptions, 'signingKey' | 'secret'> & { retiredPublicKeys: Uint8Array[] };

/**
 * Keys given by the environment (always so on Workers): `ARENA_SIGNING_KEY`, `ARENA_SECRET`,
 * `ARENA_RETIRED_PUBLIC_KEYS`. Without `ARENA_SECRET` the server secret is derived from the
 * signing key, so set it before ever rotating that key.
 */
export function keysOf(config: Configuration): ArenaKeys {
  const { ARENA_SIGNING_KEY: signingKey, ARENA_SECRET: secret, ARENA_RETIRED_PUBLIC_KEYS: retired = [] } = config;
  if (!signingKey) throw new ConfigurationError('ARENA_SIGNING_KEY must be set: 32 bytes in base64url (43 characters)');
  return { signingKey, retiredPublicKeys: retired, secret: secret ?? deriveServerSecret(signingKey) };
}

/**
 * The operator's choices: `ARENA_PUBLIC_ORIGIN`, `ARENA_BASE_PATH`, `ARENA_OPERATOR_TOKEN`, `ARENA_CLUBHOUSE`,
 * `ARENA_ARRIVAL_DAILY_CAP`, `ARENA_ANONYMOUS_WRITES_PER_HOUR`, `ARENA_DATA_LICENCE`, and for
 * `/api/events` `ARENA_EVENTS_POLL_MS`, `ARENA_EVENTS_HEARTBEAT_MS`, `ARENA_EVENTS_PER_CLIENT`
 * and `ARENA_EVENTS_MAX`, and `ARENA_EXPORTS_PER_CLIENT`. What is unset is left to `createArena`'s defaults.
 */
export function arenaSettingsOf(
  config: Configuration,
): Pick<ArenaOptions, 'publicOrigin' | 'basePath' | 'operatorToken' | 'clubhouse' | 'arrivalDailyCap' | 'anonymousWritesPerHour' | 'dataLicence' | 'events' | 'exportsPerClient'> {
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
    ...(config.ARENA_EXPORTS_PER_CLIENT !== undefined ? { exportsPerClient: config.ARENA_EXPORTS_PER_CLIENT } : {}),
  };
}

/**
 * The line a local server prints at start when `ARENA_PUBLIC_ORIGIN` is unset: documents
 * answered live then build their absolute links from each request's Host. Records and ids never
 * do (they keep paths), so this is about links only.
 */
export function publicOriginWarning(config: Configuration): string | undefined {
  if (config.ARENA_PUBLIC_ORIGIN) return undefined;
  return 'ARENA_PUBLIC_ORIGIN is not set, so absolute links in documents follow the Host each request names; set it to the public origin (such as https://arena.example).';
}
