import { ResourceNotFoundError, ResourceTemplate, type McpServer, type ReadResourceResult } from '@modelcontextprotocol/server';
import type { Caller } from '../call-route.ts';
import type { AgentDocument } from '../catalog.ts';

/**
 * The documents as MCP resources at their own HTTPS addresses, and any other public read of this
 * arena through one template (the links large tool results carry point there). Each is read
 * through the route in process, without the connection's credential: they are public.
 */
export function registerResources(server: McpServer, caller: Caller, base: string, documents: readonly AgentDocument[]): void {
  for (const document of documents) {
    const uri = `${base}${document.path}`;
    server.registerResource(document.name, uri, { title: document.title, description: document.description, mimeType: document.mimeType }, () => read(caller, uri));
  }
  server.registerResource(
    'arena-read',
    new ResourceTemplate(`${base}/{+path}`, { list: undefined }),
    { title: 'Any public read of the arena', description: 'The answer of any GET route of this arena that needs no credential, by its URL.' },
    (uri) => read(caller, uri.href),
  );
}

async function read(caller: Caller, uri: string): Promise<ReadResourceResult> {
  const headers = new Headers({ accept: 'application/json, text/markdown;q=0.9, text/plain;q=0.8' });
  const userAgent = caller.request.headers.get('user-agent');
  if (userAgent !== null) headers.set('user-agent', userAgent);
  const answer = await caller.dispatch(new Request(uri, { headers }), caller.connection);
  const text = await answer.text();
  if (answer.status !== 200) throw new ResourceNotFoundError(uri, `${uri} answered ${answer.status}: ${text.slice(0, 300)}`);
  const mimeType = (answer.headers.get('content-type') ?? 'application/json').split(';')[0]!;
  return { contents: [{ uri, mimeType, text }] };
}
