import { createArena, decodeBase64Url, type Arena } from '../../core/index.ts';

/** Bindings: `ARENA_SIGNING_KEY` (a secret), optional `ARENA_RETIRED_PUBLIC_KEYS` and `ARENA_PUBLIC_ORIGIN`. */
export interface Env {
  ARENA_SIGNING_KEY?: string;
  ARENA_RETIRED_PUBLIC_KEYS?: string;
  ARENA_PUBLIC_ORIGIN?: string;
}

let arena: Arena | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    arena ??= createArena(optionsFrom(env));
    return arena.fetch(request);
  },
};

function optionsFrom(env: Env) {
  const key = (name: string, text: string) => {
    const bytes = decodeBase64Url(text.trim());
    if (!bytes || bytes.length !== 32) throw new Error(`${name} must be 32 bytes in base64url; set it with \`wrangler secret put ${name}\``);
    return bytes;
  };
  return {
    signingKey: key('ARENA_SIGNING_KEY', env.ARENA_SIGNING_KEY ?? ''),
    retiredPublicKeys: (env.ARENA_RETIRED_PUBLIC_KEYS ?? '')
      .split(',')
      .filter((text) => text.trim() !== '')
      .map((text) => key('ARENA_RETIRED_PUBLIC_KEYS', text)),
    ...(env.ARENA_PUBLIC_ORIGIN ? { publicOrigin: env.ARENA_PUBLIC_ORIGIN } : {}),
  };
}
