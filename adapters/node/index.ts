/**
 * `agent-arena/node`: an Arena on Node's HTTP server, with what a bare `createServer(fetch)`
 * would miss: the client's address passed on, a refused upload's 413 reaching a client still
 * sending, Node's own refusals as the arena's problem documents, and a stop that lets every
 * answer in flight finish.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { useSha256, type Arena } from '../../core/index.ts';
import { nativeSha256 } from '../native-sha256.ts';
import { toRequestListener } from './request-listener.ts';
import { serve as listen } from './serve.ts';

export interface NodeServeOptions {
  /** 8787 by default; 0 takes a free port (`port` on the answer says which). */
  port?: number;
  /** 0.0.0.0 by default. */
  hostname?: string;
  /** Take the client address from the `X-Forwarded-For` hop a proxy in front appends (false by default). */
  trustProxy?: boolean;
}

export interface NodeArenaServer {
  server: Server;
  /** The port it listens on. */
  port: number;
  /**
   * Stops it: ends the event streams, stops accepting connections, and settles once every
   * answer in flight is sent (each says `Connection: close`). The store stays open: close it after.
   */
  close(): Promise<void>;
}

/** Serves `arena` over HTTP/1.1; resolves once it listens. */
export async function serve(arena: Arena, options: NodeServeOptions = {}): Promise<NodeArenaServer> {
  hashNatively();
  const { server, port, drain } = await listen({
    fetch: arena.answer,
    port: options.port ?? 8787,
    hostname: options.hostname ?? '0.0.0.0',
    trustProxy: options.trustProxy,
    basePath: arena.basePath,
  });
  return {
    server,
    port,
    close: () => {
      arena.endEventStreams();
      return drain();
    },
  };
}

/**
 * The listener for a server of your own (`https.createServer(options, requestListener(arena))`,
 * say): the client's address and the 413 as `serve` gives them; stopping is then yours.
 */
export function requestListener(arena: Arena, options: Pick<NodeServeOptions, 'trustProxy'> = {}): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  hashNatively();
  return toRequestListener(arena.answer, { ...options, basePath: arena.basePath });
}

/** Checksums, digests and commitments hashed by node:crypto: the same SHA-256, several times faster. */
function hashNatively(): void {
  useSha256(nativeSha256);
}
