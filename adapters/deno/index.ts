/**
 * `agent-arena/deno`: the handler for `Deno.serve`, with the client's address passed on and a
 * refused upload's 413 reaching a client still sending.
 */
import { internalFailure, refusal, useSha256, type Arena } from '../../core/index.ts';
import { clientAddress } from '../client-address.ts';
import { closingConnection } from '../graceful-shutdown.ts';
import { logFailure } from '../log-failure.ts';
import { nativeSha256 } from '../native-sha256.ts';
import { compressed } from '../zlib-compression.ts';
import { ConnectionClosed, toDenoResponse } from './closing-answer.ts';

/** The part of what Deno gives a handler beside the request that it uses (`Deno.ServeHandlerInfo`). */
export interface DenoServeInfo {
  remoteAddr: { transport: string; hostname?: string };
}

export interface DenoHandlerOptions {
  /** Take the client address from the `X-Forwarded-For` hop a proxy in front appends (false by default). */
  trustProxy?: boolean;
  /** For a server that is stopping: once this says true, every answer closes its connection. */
  closing?: () => boolean;
}

/** `Deno.serve({ port, onError: errorHandler(arena) }, fetchHandler(arena))`. */
export function fetchHandler(arena: Arena, options: DenoHandlerOptions = {}): (request: Request, info: DenoServeInfo) => Promise<Response> {
  // Checksums, digests and commitments hashed natively: the same SHA-256, several times faster.
  useSha256(nativeSha256);
  const { trustProxy = false, closing = () => false } = options;
  return async (request, info) => {
    const peer = info.remoteAddr.transport === 'tcp' ? info.remoteAddr.hostname : undefined;
    const address = clientAddress(request, peer, trustProxy);
    // Compressed while the answer still holds its bytes: asking an ordinary Response whether it
    // has a body makes Deno build a stream for it, and serve it as one.
    const answer = await arena.answer(request, address === undefined ? {} : { clientAddress: address });
    const sent = await compressed(answer, request.headers.get('accept-encoding'));
    return toDenoResponse(closing() ? closingConnection(sent) : sent);
  };
}

/**
 * `Deno.serve`'s `onError`: a failure as one JSON line, answered with the arena's 500. Deno also
 * calls it when an answer that closes its connection ends it as planned (./closing-answer.ts);
 * that one is not a failure, and is not logged (the answer is then already sent, and this one unused).
 */
export function errorHandler(arena: Arena): (error: unknown) => Response {
  return (error) => {
    if (!(error instanceof ConnectionClosed)) logFailure('answering a request failed', error);
    return refusal(internalFailure(), undefined, arena.basePath);
  };
}
