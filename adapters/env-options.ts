import { decodeBase64Url, deriveServerSecret, type ArenaOptions } from '../core/index.ts';

/** Environment variables as every adapter sees them. */
export type Environment = Record<string, string | undefined>;

/** The key material of an arena. */
export type ArenaKeys = Pick<ArenaOptions, 'signingKey' | 'secret'> & { retiredPublicKeys: Uint8Array[] };

/** A base64url-encoded 32-byte value, or a clear startup error naming where it came from. */
export function parseKey(text: string, source: string): Uint8Array {
  const bytes = decodeBase64Url(text.trim());
  if (!bytes || bytes.length !== 32) throw new Error(`${source} must be 32 bytes in base64url (43 characters)`);
  return bytes;
}

/**
 * Keys given by the environment (always so on Workers): `ARENA_SIGNING_KEY`, `ARENA_SECRET`,
 * `ARENA_RETIRED_PUBLIC_KEYS`. Without `ARENA_SECRET` the server secret is derived from the
 * signing key, so set it before ever rotating that key.
 */
export function keysFromEnv(env: Environment): ArenaKeys {
  const signingKey = parseKey(env.ARENA_SIGNING_KEY ?? '', 'ARENA_SIGNING_KEY');
  return {
    signingKey,
    retiredPublicKeys: retiredKeysFromEnv(env),
    secret: env.ARENA_SECRET ? parseKey(env.ARENA_SECRET, 'ARENA_SECRET') : deriveServerSecret(signingKey),
  };
}

/** `ARENA_RETIRED_PUBLIC_KEYS`: comma-separated base64url public keys that stay in the JWKS. */
export function retiredKeysFromEnv(env: Environment): Uint8Array[] {
  return (env.ARENA_RETIRED_PUBLIC_KEYS ?? '')
    .split(',')
    .filter((key) => key.trim() !== '')
    .map((key, i) => parseKey(key, `ARENA_RETIRED_PUBLIC_KEYS[${i}]`));
}

/**
 * The operator's choices: `ARENA_PUBLIC_ORIGIN` (the origin absolute links use),
 * `ARENA_OPERATOR_TOKEN` (32+ characters, for operator actions), `ARENA_CLUBHOUSE`
 * (`open` or `forming`), `ARENA_ARRIVAL_DAILY_CAP` (check-ins per client and day) and
 * `ARENA_ANONYMOUS_WRITES_PER_HOUR` (joins, redemptions and check-ins per client and hour).
 */
export function settingsFromEnv(env: Environment): Pick<ArenaOptions, 'publicOrigin' | 'operatorToken' | 'clubhouse' | 'arrivalDailyCap' | 'anonymousWritesPerHour'> {
  const clubhouse = env.ARENA_CLUBHOUSE;
  if (clubhouse !== undefined && clubhouse !== 'open' && clubhouse !== 'forming') {
    throw new Error(`ARENA_CLUBHOUSE must be open or forming, not ${clubhouse}`);
  }
  const cap = env.ARENA_ARRIVAL_DAILY_CAP;
  if (cap !== undefined && !/^[1-9]\d{0,5}$/.test(cap)) throw new Error(`ARENA_ARRIVAL_DAILY_CAP must be a positive whole number, not ${cap}`);
  const perHour = env.ARENA_ANONYMOUS_WRITES_PER_HOUR;
  if (perHour !== undefined && !/^(0|[1-9]\d{0,6})$/.test(perHour)) {
    throw new Error(`ARENA_ANONYMOUS_WRITES_PER_HOUR must be a whole number (0 turns the limit off), not ${perHour}`);
  }
  const token = env.ARENA_OPERATOR_TOKEN;
  if (token !== undefined && token.length < 32) throw new Error('ARENA_OPERATOR_TOKEN must be at least 32 characters');
  return {
    ...(env.ARENA_PUBLIC_ORIGIN ? { publicOrigin: env.ARENA_PUBLIC_ORIGIN } : {}),
    ...(token ? { operatorToken: token } : {}),
    ...(clubhouse ? { clubhouse } : {}),
    ...(cap ? { arrivalDailyCap: Number(cap) } : {}),
    ...(perHour ? { anonymousWritesPerHour: Number(perHour) } : {}),
  };
}

/**
 * The line a local server prints at start when `ARENA_PUBLIC_ORIGIN` is unset: documents
 * answered live then build their absolute links from each request's Host. Records and ids never
 * do (they keep paths), so this is about links only.
 */
export function publicOriginWarning(env: Environment): string | undefined {
  if (env.ARENA_PUBLIC_ORIGIN) return undefined;
  return 'Warning: ARENA_PUBLIC_ORIGIN is not set, so absolute links in documents follow the Host each request names; set it to the public origin (such as https://arena.example).';
}
