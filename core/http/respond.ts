const encoder = new TextEncoder();

/**
 * A body in UTF-8 with its `Content-Length`: the runtime would encode the text anyway, and a
 * declared length lets it send the answer in one piece and the request log say its size.
 */
export function encodedBody(text: string, headers: Record<string, string>): { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  const body = encoder.encode(text);
  return { body, headers: { ...headers, 'content-length': String(body.length) } };
}

/**
 * An answer made from bytes in hand, which keeps them: an adapter may send them as they are
 * rather than read them back through the body's stream (a chain of promises per answer).
 */
export class BytesResponse extends Response {
  constructor(
    readonly madeFrom: Uint8Array<ArrayBuffer>,
    init: ResponseInit,
  ) {
    super(madeFrom, init);
  }
}

/** The bytes an answer was made from, while its body is unread; undefined for any other answer. */
export function bytesOf(response: Response): Uint8Array<ArrayBuffer> | undefined {
  return response instanceof BytesResponse && !response.bodyUsed ? response.madeFrom : undefined;
}

/** A JSON response; handlers return plain values and the router wraps them with this. */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const encoded = encodedBody(JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers });
  return new BytesResponse(encoded.body, { status: init.status ?? 200, headers: encoded.headers });
}

/** A text response (Markdown, plain text, XML) in UTF-8. */
export function textResponse(body: string, type: string): Response {
  const encoded = encodedBody(body, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  return new BytesResponse(encoded.body, { headers: encoded.headers });
}

/**
 * Changes an answer's headers in place, where they may be changed (every answer the arena makes
 * itself); a copy is made only for one whose headers are locked (a fetched or redirect answer).
 * Rebuilding every answer to add a header costs a Response per request on the hot path.
 */
export function withHeaders(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    change(copy.headers);
    return copy;
  }
}
