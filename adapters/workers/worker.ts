import { createArena, type Arena } from '../../core/index.ts';
import { keysFromEnv, originFromEnv, type Environment } from '../env-options.ts';

/**
 * Bindings: `ARENA_SIGNING_KEY` and `ARENA_SECRET` (secrets), optional
 * `ARENA_RETIRED_PUBLIC_KEYS` and `ARENA_PUBLIC_ORIGIN`.
 */
let arena: Arena | undefined;

export default {
  fetch(request: Request, env: Environment): Promise<Response> {
    arena ??= createArena({ ...keysFromEnv(env), ...originFromEnv(env) });
    return arena.fetch(request);
  },
};
