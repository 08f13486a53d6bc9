import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerHeaders, internalFailure, madeBodyOf, malformedRequest, methodNotImplemented, refusal, type MadeBody } from '../../core/index.ts';
import { clientAddress } from '../client-address.ts';
import { LINGER_BYTES, LINGER_MS } from '../lingering-close.ts';
import { logFailure } from '../log-failure.ts';
import { compressed } from '../zlib-compression.ts';
import { bodyBytes, bodyStream } from './body-stream.ts';
import { lightRequest, type BodySource } from './light-request.ts';

export type FetchHandler = (request: Request, connection: { clientAddress?: string }) => Promise<Response>;

/** Methods undici's `Request` refuses to carry. The arena implements none of them. */
const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Translates Node's request and response to and from the Web `Request` and `Response`.
 * Bodies stream both ways; when the handler answers before reading the whole request body
 * (a 413, say), the connection is closed instead of draining the rest.
 *
 * Nothing raised while answering one request may end the process: a failure before the head is
 * written is answered 500 with the core's problem document, one after it closes the connection
 * (a short answer must not pass for a whole one), and either is logged once, on one line. The
 * adapter's own problems name their types under `basePath`, the arena's (`Arena.basePath`).
 */
export function toRequestListener(fetch: FetchHandler, options: { trustProxy?: boolean; basePath?: string } = {}) {
  const trustProxy = options.trustProxy ?? false;
  const basePath = options.basePath ?? '';
  const baseUrl = baseUrls();
  return (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    // Each failure is handled where it arises (the body stream, the writer); an 'error' event
    // with no listener would instead be thrown, outside any request.
    incoming.on('error', ignore);
    outgoing.on('error', ignore);
    answer(fetch, trustProxy, basePath, baseUrl, incoming, outgoing).catch((error: unknown) => {
      logFailure('answering a request failed', error);
      outgoing.destroy();
    });
  };
}

type BaseUrl = (incoming: IncomingMessage) => string;

async function answer(fetch: FetchHandler, trustProxy: boolean, basePath: string, baseUrl: BaseUrl, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  let response: Response;
  try {
    response = await compressed(await respond(fetch, trustProxy, basePath, baseUrl, incoming, outgoing), acceptEncodingOf(incoming));
  } catch (error) {
    logFailure('the fetch handler threw', error);
    response = refusal(internalFailure(), undefined, basePath);
  }
  // Returned, not awaited: a frame waiting here would hold the answer (its headers) for as long as its body streams.
  return writeResponse(response, incoming, outgoing, basePath);
}

function acceptEncodingOf(incoming: IncomingMessage): string | null {
  const given = incoming.headers['accept-encoding'];
  return given === undefined ? null : [given].flat().join(', ');
}

/** The core's answer, or the adapter's own where undici cannot carry the request to it. */
function respond(fetch: FetchHandler, trustProxy: boolean, basePath: string, baseUrl: BaseUrl, incoming: IncomingMessage, outgoing: ServerResponse): Promise<Response> | Response {
  const method = incoming.method ?? 'GET';
  const url = requestUrl(incoming, baseUrl(incoming));
  if (UNCARRIED_METHODS.has(method.toUpperCase())) return refusal(methodNotImplemented(method), url?.pathname, basePath);
  if (!url) return refusal(malformedRequest('the request target is neither a path nor an absolute http(s) URL'), undefined, basePath);
  let request: Request;
  try {
    request = toRequest(incoming, outgoing, method, url);
  } catch {
    return refusal(malformedRequest('a header name or value cannot be carried as an HTTP field'), undefined, basePath);
  }
  const address = clientAddress(request, incoming.socket.remoteAddress, trustProxy);
  return fetch(request, address === undefined ? {} : { clientAddress: address });
}

function toRequest(incoming: IncomingMessage, outgoing: ServerResponse, method: string, url: URL): Request {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
  }
  if (method === 'GET' || method === 'HEAD') return lightRequest(method, url.href, headers, undefined, goneSignal(outgoing));
  return lightRequest(method, url.href, headers, bodySource(incoming, outgoing));
}

/**
 * The body, streamed as the core pulls it, and a signal that says the client went away before
 * its answer was complete, as on Bun and Deno (the bridges, MCP and A2A, hand it on). Whether
 * the client went away is noted from the start; the signal itself is made only if asked for.
 */
function bodySource(incoming: IncomingMessage, outgoing: ServerResponse): BodySource {
  let abort: AbortController | undefined;
  let gone = false;
  outgoing.once('close', () => {
    if (outgoing.writableFinished) return;
    gone = true;
    abort?.abort();
  });
  return {
    stream: () => bodyStream(incoming),
    bytes: () => bodyBytes(incoming),
    signal: () => {
      if (!abort) {
        abort = new AbortController();
        if (gone) abort.abort();
      }
      return abort.signal;
    },
  };
}

/**
 * For a request with no body: a signal that says its client went away before its answer was
 * complete, made (with its listener) only if asked for. An event stream asks: undici's Request,
 * made for its signal otherwise, cost each open stream several kilobytes, for a signal that never aborts.
 */
function goneSignal(outgoing: ServerResponse): () => AbortSignal {
  let abort: AbortController | undefined;
  return () => {
    if (abort) return abort.signal;
    const made = new AbortController();
    abort = made;
    const onClose = () => {
      if (!outgoing.writableFinished) made.abort();
    };
    if (outgoing.destroyed) onClose();
    else outgoing.once('close', onClose);
    return made.signal;
  };
}

/**
 * The request target joined to the origin, never resolved against it: resolving would read a
 * path like `//other.host/x` as another host's URL. Nothing for a target that is neither a path
 * nor an absolute http(s) URL (`*`, say).
 *
 * A Host that is not a host falls back to `localhost` here; the header itself is passed on, and
 * the core refuses it.
 */
function requestUrl(incoming: IncomingMessage, base: string): URL | undefined {
  const target = incoming.url ?? '/';
  if (target.startsWith('/')) return parse(`${base}${target}`);
  // Absolute-form (`GET http://host/path`): its path and query, under the Host header's origin.
  const absolute = parse(target);
  if (absolute?.protocol !== 'http:' && absolute?.protocol !== 'https:') return undefined;
  return parse(`${base}${absolute.pathname}${absolute.search}`);
}

/**
 * The origin a request's Host header names, remembered for the last Host seen: a server's
 * clients nearly all send the same one, and parsing it costs a URL per request.
 */
function baseUrls(): BaseUrl {
  let lastHost: string | undefined;
  let lastBase = '';
  return (incoming) => {
    const host = incoming.headers.host ?? 'localhost';
    if (host !== lastHost) {
      lastBase = parse(`http://${host}`)?.origin ?? 'http://localhost';
      lastHost = host;
    }
    return lastBase;
  };
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Bodies up to this length, declared in advance, are read whole and sent with their head. */
const WHOLE_BODY_BYTES = 1 << 20;

async function writeResponse(response: Response, incoming: IncomingMessage, outgoing: ServerResponse, basePath: string): Promise<void> {
  // Text goes to the socket as it is: Node encodes it as it writes, as it would have to encode it anyway.
  const made = madeBodyOf(response);
  if (made !== undefined) {
    if (writeHead(response, incoming, outgoing, basePath)) endAnswer(incoming, outgoing, made);
    return;
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  // An answer given before the request's body was read is a refusal, and is read whole too: its
  // length declared, the client has all of it before the connection closes (`endAnswer`).
  if (response.body && (declared <= WHOLE_BODY_BYTES || !incoming.complete)) {
    // Every JSON, text and problem answer: one write for head and body, and a body that fails
    // to read is still answered 500, its head not yet sent.
    const bytes = await response.arrayBuffer().then(
      (buffer) => new Uint8Array(buffer),
      (error: unknown) => logFailure('the answer body could not be read', error, response.headers.get('x-request-id')),
    );
    if (bytes === undefined) return writeResponse(refusal(internalFailure(), undefined, basePath), incoming, outgoing, basePath);
    if (Number.isNaN(declared)) outgoing.setHeader('content-length', bytes.byteLength);
    if (writeHead(response, incoming, outgoing, basePath)) endAnswer(incoming, outgoing, bytes);
    return;
  }
  if (!writeHead(response, incoming, outgoing, basePath)) return;
  if (!response.body) {
    endAnswer(incoming, outgoing);
    return;
  }
  // Returned, not awaited, as in `answer`: only the body is held while it streams.
  return writeBody(response.body, outgoing, response.headers.get('x-request-id'));
}

/**
 * Sends the rest of the answer and ends it. An answer given before the request's body was all
 * read closes its connection (`headersOf`); its end, which closes it, waits while the rest of the
 * body is read and discarded, until the body ends, `LINGER_MS` pass or `LINGER_BYTES` are discarded.
 */
function endAnswer(incoming: IncomingMessage, outgoing: ServerResponse, body?: MadeBody): void {
  if (incoming.complete) {
    outgoing.end(body);
    return;
  }
  if (body !== undefined) outgoing.write(body);
  let discarded = 0;
  const discard = (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > LINGER_BYTES) end();
  };
  const end = () => {
    clearTimeout(linger);
    incoming.off('end', end).off('close', end).off('data', discard);
    // Nothing more is read: once the answer is out, the connection goes, with what still arrives.
    incoming.pause();
    outgoing.once('finish', () => incoming.socket.destroy());
    outgoing.end();
  };
  const linger = setTimeout(end, LINGER_MS);
  // Flowing, read only to be counted and discarded.
  incoming.once('end', end).once('close', end).on('data', discard);
}

/** Writes the answer's head; false when Node would not (the failure is then answered or the connection closed). */
function writeHead(response: Response, incoming: IncomingMessage, outgoing: ServerResponse, basePath: string): boolean {
  try {
    outgoing.writeHead(response.status, response.statusText || undefined, headersOf(response, incoming));
    return true;
  } catch (error) {
    // A head Node will not write (a header value with a newline, say) is the handler's bug.
    logFailure('the answer head could not be written', error, response.headers.get('x-request-id'));
    void response.body?.cancel().catch(ignore);
    if (outgoing.headersSent) outgoing.destroy();
    else {
      const failure = refusal(internalFailure(), undefined, basePath);
      outgoing.writeHead(failure.status, headersOf(failure, incoming));
      void failure.arrayBuffer().then(
        (bytes) => outgoing.end(new Uint8Array(bytes)),
        () => outgoing.destroy(),
      );
    }
    return false;
  }
}

function headersOf(response: Response, incoming: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  const given = answerHeaders(response);
  given.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  // Only a Headers object holds cookies: the arena's own answers set none.
  const cookies = given instanceof Headers ? given.getSetCookie() : [];
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (!incoming.complete) headers.connection = 'close';
  return headers;
}

/**
 * Streams the body with backpressure. If the client goes away, reading stops and the body is
 * cancelled; if the body fails, the connection is destroyed so the client sees a broken answer.
 *
 * The client's going away is a flag and a cancel, not a promise raced against each read: every
 * race adds a reaction to the pending promise, and each reaction holds the chunk its race settled
 * with, so a long stream would be held whole in memory until the connection closed.
 */
async function writeBody(body: ReadableStream<Uint8Array>, outgoing: ServerResponse, requestId: string | null): Promise<void> {
  const reader = body.getReader();
  let gone = false;
  const onClose = () => {
    gone = true;
    // Ends a read that is waiting: it resolves as done.
    void reader.cancel().catch(ignore);
  };
  outgoing.once('close', onClose);
  // A client that went before the answer was ready has closed it already: no 'close' is to come.
  if (outgoing.destroyed) onClose();
  try {
    for (;;) {
      const next = await reader.read();
      if (gone) return;
      if (next.done) {
        outgoing.end();
        return;
      }
      if (!outgoing.write(next.value) && (await drained(outgoing)) === 'gone') return;
    }
  } catch (error) {
    if (gone) return;
    logFailure('the answer body failed after its head was sent', error, requestId);
    outgoing.destroy();
    await reader.cancel().catch(ignore);
  } finally {
    outgoing.off('close', onClose);
  }
}

function drained(outgoing: ServerResponse): Promise<'drained' | 'gone'> {
  return new Promise((resolve) => {
    const onDrain = () => settle('drained');
    const onClose = () => settle('gone');
    const settle = (how: 'drained' | 'gone') => {
      outgoing.off('drain', onDrain).off('close', onClose);
      resolve(how);
    };
    outgoing.once('drain', onDrain).once('close', onClose);
  });
}

function ignore(): void {}
