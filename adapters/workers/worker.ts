/** `agent-arena/workers`: the arena as a Cloudflare Worker over a D1 binding (wrangler.toml's `main`). */
import {
  createArena,
  internalFailure,
  misconfigured,
  refusal,
  standardResponse,
  storageUnavailable,
  StorageUnavailableError,
  withHeaders,
  type Arena,
  type ArenaOptions,
} from '../../core/index.ts';
import { openD1Store, type D1DatabaseLike } from '../../storage/d1.ts';
import { arenaSettingsOf, keysOf } from '../configuration/arena-options.ts';
import { ConfigurationError, readEnvironment, type Environment } from '../configuration/read.ts';
import { arenaLogFor } from '../arena-log.ts';
import { logFailure } from '../log-failure.ts';
import { discardUnreadBody } from './unread-body.ts';
import { isCompressible, varyOnEncoding } from '../compression.ts';

/**
 * Bindings: the D1 database `DB`; secrets `ARENA_SIGNING_KEY` and `ARENA_SECRET`; optional
 * `ARENA_RETIRED_PUBLIC_KEYS`, `ARENA_PUBLIC_ORIGIN` and the other settings of the environment.
 */
export type Env = Environment & { DB?: D1DatabaseLike };

/** What the arena takes beside what the bindings say (a `basePath`, say); it wins over the bindings. */
export type WorkerOptions = Partial<Omit<ArenaOptions, 'store' | 'signingKey' | 'secret' | 'retiredPublicKeys'>>;

export interface ArenaWorker {
  fetch(request: Request, env: Env): Promise<Response>;
}

/** A Worker: `export default createWorker({ basePath: '/arena' })`. */
export function createWorker(options: WorkerOptions = {}): ArenaWorker {
  let arena: Promise<Arena> | undefined;
  /**
   * What does not fit in the bindings, once found. A Worker has no start to stop, so it answers
   * 503 naming the variable instead; bindings stay fixed for an isolate's life, so the line is
   * logged once per isolate rather than on every request.
   */
  let misconfiguration: string | undefined;
  return {
    async fetch(request, env) {
      const response = await answer(request, env);
      await discardUnreadBody(request, response);
      return response;
    },
  };

  async function answer(request: Request, env: Env): Promise<Response> {
    if (misconfiguration !== undefined) return refusal(misconfigured(misconfiguration));
    arena ??= open(env, options).catch((error: unknown) => {
      arena = undefined;
      throw error;
    });
    let opened: Arena;
    try {
      opened = await arena;
    } catch (error) {
      if (error instanceof ConfigurationError) {
        // Several requests may have waited on the same failed open: one line only.
        if (misconfiguration === undefined) logFailure('the Worker is misconfigured; every request answers 503 until it is fixed', error);
        misconfiguration = error.message;
        return refusal(misconfigured(misconfiguration));
      }
      // D1 unreachable while the schema is checked: 503, and the next request tries again.
      if (error instanceof StorageUnavailableError) return refusal(storageUnavailable());
      logFailure('the arena could not be opened', error);
      return refusal(internalFailure());
    }
    // Cloudflare sets CF-Connecting-IP to the client's address; it cannot be forged past the edge.
    const address = request.headers.get('cf-connecting-ip');
    // Checked while the answer still holds its bytes: asking an ordinary Response whether it has
    // a body makes the runtime build a stream for it.
    return standardResponse(varyingWithEncoding(await opened.answer(request, address === null ? {} : { clientAddress: address })));
  }
}

/** The Worker wrangler.toml names: everything from the bindings. */
const worker: ArenaWorker = createWorker();
export default worker;

/** Once per isolate: the configuration (checked before D1 is touched), the D1 store (migrated on open) and the arena over it. */
async function open(env: Env, options: WorkerOptions): Promise<Arena> {
  const config = readEnvironment(env as Environment);
  const keys = keysOf(config);
  const settings = arenaSettingsOf(config);
  const log = arenaLogFor(
    config,
    (line) => console.log(line),
    (line) => console.error(line),
  );
  if (!env.DB) throw new ConfigurationError('DB must be bound to a D1 database (see wrangler.toml)');
  const store = await openD1Store(env.DB);
  // A request's work ends with it on Workers: a reader started by one stream's request would
  // stop when that client went, so each stream reads the store on its own (and each export pages at its own pace).
  return createArena({ ...keys, ...settings, sharedWork: false, log, runtime: 'workers', ...options, store });
}

/**
 * Workers compress answers themselves, as the client accepts; the adapter only says that an
 * answer worth compressing varies with `Accept-Encoding`, as Node, Bun and Deno say it.
 */
function varyingWithEncoding(response: Response): Response {
  return isCompressible(response) ? withHeaders(response, varyOnEncoding) : response;
}
