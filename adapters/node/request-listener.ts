import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

import { clientAddress } from '../client-address.ts';

export type FetchHandler = (request: Request, connection: { clientAddress?: string }) => Promise<Response>;

/**
 * Translates Node's request and response to and from the Web `Request` and `Response`.
 * Bodies stream both ways; when the handler answers before reading the whole request body
 * (a 413, say), the connection is closed instead of draining the rest.
 */
export function toRequestListener(fetch: FetchHandler, options: { trustProxy?: boolean } = {}) {
  return async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    let response: Response;
    try {
      const request = toRequest(incoming, outgoing);
      const address = clientAddress(request, incoming.socket.remoteAddress, options.trustProxy ?? false);
      response = await fetch(request, address === undefined ? {} : { clientAddress: address });
    } catch (error) {
      console.error('agent-arena: the fetch handler threw', error);
      response = new Response(null, { status: 500 });
    }
    await writeResponse(response, incoming, outgoing);
  };
}

function toRequest(incoming: IncomingMessage, outgoing: ServerResponse): Request {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
  }
  const abort = new AbortController();
  outgoing.once('close', () => abort.abort());
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(requestUrl(incoming), {
    method,
    headers,
    signal: abort.signal,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The request target joined to the origin, never resolved against it: resolving would read a
 * path like `//other.host/x` as another host's URL.
 */
function requestUrl(incoming: IncomingMessage): URL {
  const target = incoming.url ?? '/';
  if (target.startsWith('/')) return new URL(`${baseUrl(incoming)}${target}`);
  try {
    // Absolute-form (`GET http://host/path`): its path and query, under the Host header's origin.
    const { pathname, search } = new URL(target);
    return new URL(`${baseUrl(incoming)}${pathname}${search}`);
  } catch {
    return new URL(`${baseUrl(incoming)}/`);
  }
}

function baseUrl(incoming: IncomingMessage): string {
  const host = incoming.headers.host;
  try {
    return new URL(`http://${host ?? 'localhost'}`).origin;
  } catch {
    return 'http://localhost';
  }
}

async function writeResponse(response: Response, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (!incoming.complete) headers.connection = 'close';
  outgoing.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body) {
    outgoing.end();
    return;
  }
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (!outgoing.write(chunk)) await new Promise((resolve) => outgoing.once('drain', resolve));
    }
  } finally {
    outgoing.end();
  }
}
