import { defineRoute } from '../../http/route.ts';
import { mcpServerDescriptor } from './descriptor.ts';
import { serveMcp } from './handler.ts';

const descriptorAt = (path: string) =>
  defineRoute({
    method: 'GET',
    path,
    summary: 'The remote MCP server descriptor (MCP registry server.json)',
    handle: ({ request }, arena) => mcpServerDescriptor(arena.originOf(request)),
  });

/** The MCP endpoint (JSON-RPC over streamable HTTP, stateless) and its descriptor at both addresses. */
export const mcpRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/mcp',
    summary: 'MCP over streamable HTTP (JSON-RPC; protocol 2026-07-28, and 2025-11-25 through initialize): the arena’s tools',
    responds: { description: 'A JSON-RPC response (a result, or a JSON-RPC error object); a notification is answered 202 with no body' },
    handle: ({ request, connection }, arena) => serveMcp(arena, { request, connection }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/mcp',
    summary: 'No session stream: the stateless MCP endpoint answers 405',
    responds: { status: 405, description: 'A JSON-RPC error: there are no sessions, so there is no stream to open' },
    handle: ({ request, connection }, arena) => serveMcp(arena, { request, connection }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/mcp',
    summary: 'No session to end: the stateless MCP endpoint answers 405',
    responds: { status: 405, description: 'A JSON-RPC error: there are no sessions to end' },
    handle: ({ request, connection }, arena) => serveMcp(arena, { request, connection }),
  }),
  descriptorAt('/mcp/server.json'),
  descriptorAt('/api/mcp/server.json'),
];
