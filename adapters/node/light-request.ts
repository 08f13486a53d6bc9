/**
 * A request without a body (GET, HEAD) as the core reads it: its method, URL and headers, held
 * as they are. Building undici's `Request` (a second URL parse, an `AbortSignal`, Web IDL
 * checks) cost more than the rest of the adapter together; the core reads only these three on
 * almost every request. Anything else asked of it (its signal, a clone, `text()`) is answered
 * by an undici `Request` made then, with the same method, URL and headers, so it behaves as one,
 * and its prototype is `Request`'s, so `instanceof Request` holds.
 *
 * Code that hands a request to native code reading its internal state (`new Request(request)`,
 * `fetch(request)`) must build from its URL and headers instead; the core does.
 */
const REAL = Symbol('the undici Request behind a light one');

class LightRequest {
  [REAL]: Request | undefined = undefined;
  constructor(
    readonly method: 'GET' | 'HEAD',
    readonly url: string,
    readonly headers: Headers,
  ) {}
  get body(): null {
    return null;
  }
  get bodyUsed(): false {
    return false;
  }
}

function realOf(light: LightRequest): Request {
  return (light[REAL] ??= new Request(light.url, { method: light.method, headers: light.headers }));
}

/** What a light request holds itself; everything else Request's prototype offers is delegated. */
const HELD = new Set(['constructor', 'method', 'url', 'headers', 'body', 'bodyUsed']);

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

/** A GET or HEAD request as the core reads it; `url` is an absolute URL already parsed. */
export function lightRequest(method: 'GET' | 'HEAD', url: string, headers: Headers): Request {
  return new LightRequest(method, url, headers) as unknown as Request;
}
