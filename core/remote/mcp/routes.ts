import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import { defineRoute, type Dispatch } from '../../http/route.ts';
import type { RemoteCatalog } from '../catalog.ts';
import { mcpServerDescriptor } from './descriptor.ts';
import { mcpEndpoint } from './handler.ts';
import { JsonRpcErrorResponseSchema, JsonRpcMessageSchema, JsonRpcResponseSchema } from './json-rpc.ts';
import { ServerDescriptorResponseSchema } from './responses.ts';

/** A refusal of the transport, answered as a JSON-RPC error (code -32700, -32600 or -32000; `id` null). */
const refusal = (status: number, description: string) => ({ status, description, type: 'application/json', body: JsonRpcErrorResponseSchema });

/** What the streamable HTTP transport answers besides a JSON-RPC response. */
const TRANSPORT_ANSWERS = [
  { status: 202, description: 'A notification, accepted: no body' },
  refusal(400, 'A JSON-RPC error: the body is not JSON (-32700) or not a JSON-RPC message (-32600), or an MCP header is missing or wrong'),
  refusal(406, 'A JSON-RPC error: `Accept` must take both application/json and text/event-stream'),
  refusal(413, `A JSON-RPC error: request bodies are limited to ${MAX_BODY_BYTES} bytes`),
  refusal(415, 'A JSON-RPC error: the body must be sent as application/json'),
];

const descriptorAt = <O extends string>(path: string, operationId: O, catalog: RemoteCatalog) =>
  defineRoute({
    method: 'GET',
    path,
    operationId,
    summary: 'The remote MCP server descriptor (MCP registry server.json)',
    responds: { body: ServerDescriptorResponseSchema },
    handle: ({ request }, arena) =>
      mcpServerDescriptor(
        arena.baseUrlOf(request),
        catalog.operations().map((operation) => operation.tool.name),
      ),
  });

/**
 * The MCP endpoint (JSON-RPC over streamable HTTP, stateless) and its descriptor at both
 * addresses. Tools are the catalog's operations, calling the arena's routes through `dispatch`.
 */
export function mcpRoutes(dispatch: Dispatch, catalog: RemoteCatalog) {
  const serveMcp = mcpEndpoint(dispatch, catalog);
  return [
    defineRoute({
      method: 'POST',
      path: '/api/mcp',
      operationId: 'callMcp',
      summary: 'MCP over streamable HTTP (JSON-RPC; protocol 2026-07-28, and 2025-11-25 through initialize): the arena’s tools',
      responds: { description: 'A JSON-RPC response: a result, or a JSON-RPC error object', body: JsonRpcResponseSchema, others: TRANSPORT_ANSWERS },
      protocolBody: {
        description: `One JSON-RPC 2.0 message as JSON, at most ${MAX_BODY_BYTES} bytes; read by the MCP SDK, which answers its own refusals as JSON-RPC errors.`,
        types: ['application/json'],
        schema: JsonRpcMessageSchema,
      },
      handle: ({ request, connection }, arena) => serveMcp(arena, { request, connection, dispatch, basePath: arena.basePath }),
    }),
    descriptorAt('/mcp/server.json', 'getMcpServerDescriptor', catalog),
    descriptorAt('/api/mcp/server.json', 'getMcpServerDescriptorUnderApi', catalog),
  ];
}
