import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, ResourceTemplate, type McpServer, type ReadResourceResult } from '@modelcontextprotocol/server';
import type { Caller } from '../call-route.ts';
import type { RemoteCatalog } from '../catalog.ts';
import { isStreamedType } from '../streamed.ts';

/**
 * The documents as MCP resources at their own HTTPS addresses, and any other public read of this
 * arena through one template (the links large tool results carry point there). Each is read
 * through the route in process, without the connection's credential: they are public. A route
 * that answers a stream (the events, the exports) is refused, never opened: a resource is read
 * whole, and the events never end.
 */
export function registerResources(server: McpServer, caller: Caller, base: string, catalog: RemoteCatalog): void {
  for (const document of catalog.documents()) {
    const uri = `${base}${document.path}`;
    server.registerResource(document.name, uri, { title: document.title, description: document.description, mimeType: document.mimeType }, () => read(caller, catalog, uri));
  }
  server.registerResource(
    'arena-read',
    new ResourceTemplate(`${base}/{+path}`, { list: undefined }),
    { title: 'Any public read of the arena', description: 'The answer of any GET route of this arena that needs no credential, by its URL.' },
    (uri) => read(caller, catalog, uri.href),
  );
}

async function read(caller: Caller, catalog: RemoteCatalog, uri: string): Promise<ReadResourceResult> {
  if (catalog.streamedAt(new URL(uri).pathname.slice(caller.basePath.length))) throw streamRefused(uri);
  const headers = new Headers({ accept: 'application/json, text/markdown;q=0.9, text/plain;q=0.8' });
  const userAgent = caller.request.headers.get('user-agent');
  if (userAgent !== null) headers.set('user-agent', userAgent);
  const answer = await caller.dispatch(new Request(uri, { headers }), caller.connection);
  // A stream the path did not show (a route's answer only): let go of it unread.
  if (isStreamedType(answer.headers.get('content-type') ?? '')) {
    await answer.body?.cancel();
    throw streamRefused(uri);
  }
  const text = await answer.text();
  if (answer.status !== 200) throw new ResourceNotFoundError(uri, `${uri} answered ${answer.status}: ${text.slice(0, 300)}`);
  const mimeType = (answer.headers.get('content-type') ?? 'application/json').split(';')[0]!;
  return { contents: [{ uri, mimeType, text }] };
}

function streamRefused(uri: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `${uri} answers a stream (the events never end; an export is as long as its records), and a resource is read whole: open it over HTTP instead (GET ${uri})`,
  );
}
