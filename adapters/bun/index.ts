/**
 * `agent-arena/bun`: the fetch handler for `Bun.serve`, with the client's address passed on and
 * answers shaped as Bun serves them best.
 */
import { answerHeaders, internalFailure, refusal, standardResponse, useSha256, withHeaders, type Arena } from '../../core/index.ts';
import { clientAddress } from '../client-address.ts';
import { closingConnection } from '../graceful-shutdown.ts';
import { logFailure } from '../log-failure.ts';
import { nativeSha256 } from '../native-sha256.ts';
import { compressed } from '../zlib-compression.ts';

/** The part of Bun's `Server` the handler uses (the second argument Bun gives `fetch`). */
export interface BunServerLike {
  requestIP(request: Request): { address: string } | null;
  timeout(request: Request, seconds: number): void;
}

export interface BunHandlerOptions {
  /** Take the client address from the `X-Forwarded-For` hop a proxy in front appends (false by default). */
  trustProxy?: boolean;
  /** For a server that is stopping: once this says true, every answer closes its connection. */
  closing?: () => boolean;
}

/** `Bun.serve({ port, fetch: fetchHandler(arena), error: errorHandler(arena) })`. */
export function fetchHandler(arena: Arena, options: BunHandlerOptions = {}): (request: Request, server: BunServerLike) => Promise<Response> {
  // Checksums, digests and commitments hashed natively: the same SHA-256, several times faster.
  useSha256(nativeSha256);
  const { trustProxy = false, closing = () => false } = options;
  return async (request, server) => {
    const address = clientAddress(request, server.requestIP(request)?.address, trustProxy);
    // Compressed while the answer still holds its bytes: asking an ordinary Response whether it
    // has a body makes Bun build a stream for it, and serve it as one.
    const answer = await arena.answer(withOrigin(request), address === undefined ? {} : { clientAddress: address });
    // Bun closes a connection idle for 10 s; an event stream is quiet for up to its heartbeat, and
    // ends when its client goes.
    if (isStream(answer)) server.timeout(request, 0);
    const sent = await compressed(answer, request.headers.get('accept-encoding'));
    if (closing()) return standardResponse(closingConnection(sent));
    // Kept open for the rest of a refused body (withoutEarlyClose), the connection closes once the
    // client has sent nothing for a second (Bun counts in steps of about 4 s).
    if (closesEarly(sent)) server.timeout(request, 1);
    return standardResponse(withoutEarlyClose(sent));
  };
}

/**
 * Bun hands a request that names no Host (HTTP/1.0 allows it, and HAProxy's health checks send
 * none) a bare path as its URL; it is given `localhost`'s origin, as the Node adapter gives it.
 * A Host that is there but malformed also leaves a bare path, and stays the 400 it is.
 */
function withOrigin(request: Request): Request {
  return request.url.startsWith('/') && !request.headers.has('host') ? new Request(`http://localhost${request.url}`, request) : request;
}

/** `Bun.serve`'s `error`: what the handler threw, as one JSON line, answered with the arena's 500. */
export function errorHandler(arena: Arena): (error: Error) => Response {
  return (error) => {
    logFailure('the fetch handler threw', error);
    return refusal(internalFailure(), undefined, arena.basePath);
  };
}

/** Whether the core asks to close the connection: a 413 given before the body was all read. */
function closesEarly(answer: Response): boolean {
  return answerHeaders(answer).get('connection')?.toLowerCase() === 'close';
}

/**
 * The answer, without the `Connection: close` the core puts on a 413 given before the body was
 * all read. Bun closes such a connection the moment the answer is written, with the client
 * still sending: the connection is reset, and the client reports the reset, not the 413 (a
 * 100 MB chunked body, nearly every time). Nor can it close later: a streamed answer it sends
 * chunked, so a client still sending could not finish reading it before the close. Kept open,
 * Bun reads and discards the rest of the body as it comes, and the 413 arrives.
 */
function withoutEarlyClose(answer: Response): Response {
  if (!closesEarly(answer)) return answer;
  return withHeaders(answer, (headers) => headers.delete('connection'));
}

/** A streamed answer that may stay quiet for a while (`GET /api/events`, an export waiting on the store). */
function isStream(answer: Response): boolean {
  const headers = answerHeaders(answer);
  const type = headers.get('content-type') ?? '';
  return headers.get('content-length') === null && (type.startsWith('text/event-stream') || type.startsWith('application/x-ndjson'));
}
