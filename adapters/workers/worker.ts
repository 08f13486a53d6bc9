import { createArena, internalFailure, refusal, storageUnavailable, StorageUnavailableError, type Arena } from '../../core/index.ts';
import { createD1Dialect, openStore, type D1DatabaseLike } from '../../storage/index.ts';
import { keysFromEnv, settingsFromEnv, type Environment } from '../env-options.ts';
import { readEnvironment } from '../environment.ts';
import { arenaLogFor } from '../arena-log.ts';

/**
 * Bindings: the D1 database `DB`; secrets `ARENA_SIGNING_KEY` and `ARENA_SECRET`; optional
 * `ARENA_RETIRED_PUBLIC_KEYS` and `ARENA_PUBLIC_ORIGIN`.
 */
export type Env = Environment & { DB?: D1DatabaseLike };

let arena: Promise<Arena> | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    arena ??= open(env).catch((error: unknown) => {
      arena = undefined;
      throw error;
    });
    let opened: Arena;
    try {
      opened = await arena;
    } catch (error) {
      // D1 unreachable while the schema is checked: 503, and the next request tries again.
      if (error instanceof StorageUnavailableError) return refusal(storageUnavailable());
      console.error('agent-arena: the arena could not be opened', error);
      return refusal(internalFailure());
    }
    // Cloudflare sets CF-Connecting-IP to the client's address; it cannot be forged past the edge.
    const address = request.headers.get('cf-connecting-ip');
    return opened.fetch(request, address === null ? {} : { clientAddress: address });
  },
};

/** Once per isolate: the D1 store (migrated on open) and the arena over it. */
async function open(env: Env): Promise<Arena> {
  if (!env.DB) throw new Error('bind a D1 database as DB (see wrangler.toml)');
  const store = await openStore(createD1Dialect(env.DB), 'sqlite');
  const log = arenaLogFor(readEnvironment(env as Environment), (line) => console.log(line), (line) => console.error(line));
  return createArena({ ...keysFromEnv(env as Environment), ...settingsFromEnv(env as Environment), store, log, runtime: 'workers' });
}
