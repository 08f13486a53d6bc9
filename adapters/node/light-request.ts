/**
 * A request as the core reads it: its method, URL and headers, held as they are, and its body
 * and signal made when first asked for. Building undici's `Request` (a second URL parse, an
 * `AbortSignal` following the adapter's, a body stream, Web IDL checks) cost more than the rest
 * of the adapter together; the core reads only these on almost every request. Anything else
 * asked of it (a clone, `text()`) is answered by an undici `Request` made then, over the same
 * method, URL, headers, body and signal, so it behaves as one; its prototype is `Request`'s, so
 * `instanceof Request` holds.
 *
 * Code that hands a request to native code reading its internal state (`new Request(request)`,
 * `fetch(request)`) must build from its URL and headers instead; the core does.
 */
const REAL = Symbol('the undici Request behind a light one');

/** Where the body of a request that has one comes from. */
export interface BodySource {
  /** The body as a stream; asked for once. */
  stream(): ReadableStream<Uint8Array>;
  /** The whole body, with no stream made for it; asked for once, instead of `stream`. */
  bytes(): Promise<Uint8Array<ArrayBuffer>>;
  /** Aborted once the client goes away before its answer is complete. */
  signal(): AbortSignal;
}

class LightRequest {
  [REAL]: Request | undefined = undefined;
  #body: ReadableStream<Uint8Array> | undefined;
  /** Whether `arrayBuffer()` took the body whole. */
  #taken = false;
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Headers,
    readonly source: BodySource | undefined,
    /** For a request with no body: its client's going, made when first asked for. */
    readonly gone: (() => AbortSignal) | undefined,
  ) {}
  get body(): ReadableStream<Uint8Array> | null {
    if (!this.source) return null;
    if (this.#taken) return (this.#body ??= spentStream());
    return (this.#body ??= this.source.stream());
  }
  /** Once a reader has taken the body (a stream cannot say when it was first read). */
  get bodyUsed(): boolean {
    return this.#taken || (this.#body?.locked ?? false);
  }
  /** The whole body, read without a stream while nothing else has read it. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    if (!this.source) return new ArrayBuffer(0);
    if (this.bodyUsed) throw new TypeError('the request body has already been read');
    if (this.#body) return realOf(this).arrayBuffer();
    this.#taken = true;
    return (await this.source.bytes()).buffer;
  }
  get signal(): AbortSignal {
    if (this.source) return this.source.signal();
    return this.gone ? this.gone() : realOf(this).signal;
  }
}

/** What `body` gives once `arrayBuffer()` has taken it: a stream that has nothing left to read. */
function spentStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.error(new TypeError('the request body has already been read')) });
}

function realOf(light: LightRequest): Request {
  const { url, method, headers, source, gone } = light;
  const body = source ? ({ body: light.body, signal: light.signal, duplex: 'half' } as RequestInit) : gone ? { signal: gone() } : {};
  return (light[REAL] ??= new Request(url, { method, headers, ...body }));
}

/** What a light request holds itself; everything else Request's prototype offers is delegated. */
const HELD = new Set(['constructor', 'method', 'url', 'headers', 'body', 'bodyUsed', 'signal', 'arrayBuffer']);

Object.setPrototypeOf(LightRequest.prototype, Request.prototype);
for (const name of Object.getOwnPropertyNames(Request.prototype)) {
  if (HELD.has(name)) continue;
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name)!;
  if (descriptor.get) {
    Object.defineProperty(LightRequest.prototype, name, {
      get(this: LightRequest) {
        return (realOf(this) as unknown as Record<string, unknown>)[name];
      },
    });
  } else if (typeof descriptor.value === 'function') {
    Object.defineProperty(LightRequest.prototype, name, {
      value(this: LightRequest, ...args: unknown[]) {
        const real = realOf(this) as unknown as Record<string, (...args: unknown[]) => unknown>;
        return real[name]!(...args);
      },
    });
  }
}

/**
 * A request as the core reads it; `url` is an absolute URL already parsed, `body` where the
 * method carries one (never for GET or HEAD), else `gone`, its signal, if the adapter gives one.
 */
export function lightRequest(method: string, url: string, headers: Headers, body?: BodySource, gone?: () => AbortSignal): Request {
  return new LightRequest(method, url, headers, body, body ? undefined : gone) as unknown as Request;
}
