import { MAX_BODY_BYTES, readBodyBytes } from '../http/json-body.ts';
import { nestsDeeperThan, tooDeep } from '../http/json-depth.ts';

/**
 * The request again, its body read into memory with the arena's size limit: a 413 `HttpError`
 * (which each bridge answers in its protocol's shape) from `Content-Length` alone, or as soon as
 * a streamed body passes the limit. Bridges hand the copy to an SDK, which then never sees more
 * than the limit, however the body was sent.
 */
export async function withBoundedBody(request: Request, limit = MAX_BODY_BYTES): Promise<Request> {
  const bytes = await readBodyBytes(request, limit);
  // Nested past the limit: a 400 `HttpError` before the SDK parses anything.
  if (nestsDeeperThan(new TextDecoder().decode(bytes))) throw tooDeep();
  const headers = new Headers(request.headers);
  // The copy carries its own body; framing headers of the original would misdescribe it.
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return new Request(request.url, { method: request.method, headers, body: bytes, signal: request.signal });
}

/** The body as UTF-8 text, read with the same limit (the same 413 `HttpError` past it). */
export async function readBoundedText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, limit));
}
