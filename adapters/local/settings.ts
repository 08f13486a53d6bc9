import type { ArenaOptions } from '../../core/index.ts';
import { loadOrCreateKeys, parseKey } from './signing-keys.ts';

/** How a Node, Bun or Deno process runs the arena, read from its environment. */
export interface LocalSettings {
  port: number;
  hostname: string;
  dataDir: string;
  arena: ArenaOptions;
}

export type Environment = Record<string, string | undefined>;

/**
 * `PORT` (8787), `HOST` (0.0.0.0), `ARENA_DATA_DIR` (./data), `ARENA_SIGNING_KEY` (base64url
 * Ed25519 seed; overrides the key file), `ARENA_RETIRED_PUBLIC_KEYS` (comma-separated),
 * `ARENA_PUBLIC_ORIGIN` (origin for absolute links).
 */
export async function loadLocalSettings(env: Environment): Promise<LocalSettings> {
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const dataDir = env.ARENA_DATA_DIR || './data';
  const keys = env.ARENA_SIGNING_KEY
    ? { signingKey: parseKey(env.ARENA_SIGNING_KEY, 'ARENA_SIGNING_KEY'), retiredPublicKeys: [] }
    : await loadOrCreateKeys(dataDir);
  const retiredFromEnv = (env.ARENA_RETIRED_PUBLIC_KEYS ?? '')
    .split(',')
    .filter((key) => key.trim() !== '')
    .map((key, i) => parseKey(key, `ARENA_RETIRED_PUBLIC_KEYS[${i}]`));
  return {
    port,
    hostname: env.HOST || '0.0.0.0',
    dataDir,
    arena: {
      signingKey: keys.signingKey,
      retiredPublicKeys: [...keys.retiredPublicKeys, ...retiredFromEnv],
      ...(env.ARENA_PUBLIC_ORIGIN ? { publicOrigin: env.ARENA_PUBLIC_ORIGIN } : {}),
    },
  };
}
