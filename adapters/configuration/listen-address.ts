import type { Configuration } from './read.ts';
import { DEFAULTS } from './variables.ts';

/** `PORT` and `HOST`: where a Node, Bun or Deno server listens, and where its health probe asks. */
export const listenAddressOf = (config: Configuration): { port: number; hostname: string } => ({
  port: config.PORT ?? DEFAULTS.PORT,
  hostname: config.HOST ?? DEFAULTS.HOST,
});
