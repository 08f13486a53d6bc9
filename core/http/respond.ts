import { HeaderRecord, type AnswerHeaders } from './header-record.ts';

const encoder = new TextEncoder();
/** Where `utf8Length` encodes: any text of up to a third of its size fits whole. */
const scratch = new Uint8Array(1 << 16);

/**
 * The length of `text` in UTF-8, found by encoding it into a buffer kept for the purpose: no
 * allocation, where encoding it for the body would allocate and a runtime copy the result again.
 */
export function utf8Length(text: string): number {
  if (text.length * 3 <= scratch.length) return encoder.encodeInto(text, scratch).written;
  return encoder.encode(text).length;
}

/**
 * Headers for a body of text, with its `Content-Length`: a declared length lets the runtime send
 * the answer in one piece and the request log say its size.
 */
export function withLength(text: string, headers: Record<string, string>): Record<string, string> {
  return { ...headers, 'content-length': String(utf8Length(text)) };
}

/** What an answer is made from: text the runtime encodes as it writes, or bytes. */
export type MadeBody = string | Uint8Array<ArrayBuffer>;

/**
 * An answer made from its body in hand, text or bytes. It is built without a body (undici builds
 * a body stream for every Response with one: some 20 µs each, the largest cost of a small answer
 * on Node) and keeps what it was made from, so an adapter hands that to its runtime as it is: Node
 * writes text straight to the socket, and Deno takes text without copying it, as it copies bytes.
 * Read in process, it behaves as any Response: its body is made the first time anything reads it.
 *
 * Its headers, given as a record, stay one (a {@link HeaderRecord}) until something asks for its
 * Headers object: the arena's layers add theirs through {@link answerHeaders}, and the adapter
 * hands the record to the runtime, so no Headers object is made, set and copied per answer.
 *
 * Handed to a runtime that reads a Response's body natively (Bun, Deno, workerd), it would be
 * empty: `standardResponse` turns it into an ordinary one first, as `arena.fetch` does.
 */
export class BytesResponse extends Response {
  readonly #made: MadeBody;
  /** The body in UTF-8, once something asks for its bytes. */
  #bytes: Uint8Array<ArrayBuffer> | undefined;
  /** The body as an ordinary Response holds it, once something reads it. */
  #holder: Response | undefined;
  /** The headers, while nothing has asked for the Headers object. */
  #record: HeaderRecord | undefined;

  constructor(body: MadeBody, init: ResponseInit) {
    const record = isRecord(init.headers) ? new HeaderRecord(init.headers) : undefined;
    super(null, record ? { status: init.status ?? 200, statusText: init.statusText ?? '' } : init);
    this.#made = body;
    this.#record = record;
  }

  /** The record of the headers, while nothing has asked for the Headers object. */
  get headerRecord(): HeaderRecord | undefined {
    return this.#record;
  }

  override get headers(): Headers {
    const headers = super.headers;
    const record = this.#record;
    if (record) {
      this.#record = undefined;
      for (const name in record.fields) headers.set(name, record.fields[name]!);
    }
    return headers;
  }

  /** What it was made from, while nothing has read the body. */
  get untouchedBody(): MadeBody | undefined {
    return this.#holder === undefined ? this.#made : undefined;
  }

  /** The body's bytes, while nothing has read the body. */
  get untouchedBytes(): Uint8Array<ArrayBuffer> | undefined {
    if (this.#holder !== undefined) return undefined;
    const made = this.#made;
    return typeof made === 'string' ? (this.#bytes ??= encoder.encode(made)) : made;
  }

  #body(): Response {
    return (this.#holder ??= new Response(this.#made, { headers: this.headers }));
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return this.#body().body!;
  }
  override get bodyUsed(): boolean {
    return this.#holder?.bodyUsed ?? false;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#body().arrayBuffer();
  }
  override blob(): Promise<Blob> {
    return this.#body().blob();
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#body()
      .arrayBuffer()
      .then((buffer) => new Uint8Array(buffer));
  }
  override formData(): Promise<FormData> {
    return this.#body().formData();
  }
  override json(): Promise<unknown> {
    return this.#body().json();
  }
  override text(): Promise<string> {
    return this.#body().text();
  }
  override clone(): Response {
    const made = this.untouchedBody;
    if (made !== undefined) return new BytesResponse(made, this);
    return new Response(this.#body().clone().body, this);
  }
}

/** The bytes of an answer made from its body, while that body is unread; undefined for any other answer. */
export function bytesOf(response: Response): Uint8Array<ArrayBuffer> | undefined {
  return response instanceof BytesResponse ? response.untouchedBytes : undefined;
}

/** The text or bytes an answer was made from, while its body is unread; undefined for any other answer. */
export function madeBodyOf(response: Response): MadeBody | undefined {
  return response instanceof BytesResponse ? response.untouchedBody : undefined;
}

/** Whether the answer has a body, without making a {@link BytesResponse}'s body stream to find out. */
export function hasBody(response: Response): boolean {
  return madeBodyOf(response) !== undefined || response.body !== null;
}

/** An ordinary Response, which a runtime may read natively: a {@link BytesResponse} is given its body. */
export function standardResponse(response: Response): Response {
  if (!(response instanceof BytesResponse)) return response;
  const headers = response.headerRecord?.fields ?? response.headers;
  return new Response(madeBodyOf(response) ?? response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The answer's headers to read or change: its record while it has one, else its Headers object. */
export function answerHeaders(response: Response): AnswerHeaders {
  return (response instanceof BytesResponse ? response.headerRecord : undefined) ?? response.headers;
}

function isRecord(headers: HeadersInit | undefined): headers is Record<string, string> {
  return typeof headers === 'object' && !(headers instanceof Headers) && !Array.isArray(headers);
}

/** A JSON response; handlers return plain values and the router wraps them with this. */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const text = JSON.stringify(body);
  return new BytesResponse(text, {
    status: init.status ?? 200,
    headers: withLength(text, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers }),
  });
}

/** A text response (Markdown, plain text, XML) in UTF-8. */
export function textResponse(body: string, type: string): Response {
  return new BytesResponse(body, { headers: withLength(body, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }) });
}

/**
 * Changes an answer's headers in place, where they may be changed (every answer the arena makes
 * itself); a copy is made only for one whose headers are locked (a fetched or redirect answer).
 * Rebuilding every answer to add a header costs a Response per request on the hot path.
 */
export function withHeaders(response: Response, change: (headers: AnswerHeaders) => void): Response {
  try {
    change(answerHeaders(response));
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    change(copy.headers);
    return copy;
  }
}
