import * as v from 'valibot';
import { Integer } from '../../schema/response-parts.ts';

/**
 * JSON-RPC 2.0 as MCP's streamable HTTP transport carries it, for the API description: the
 * MCP SDK reads and checks these bodies, not the arena's router.
 */

const Id = v.pipe(v.union([v.string(), Integer]), v.description('Set by the client on a request; absent on a notification'));

/** What a client POSTs to /api/mcp: one JSON-RPC request, or a notification (no `id`). */
export const JsonRpcMessageSchema = v.pipe(
  v.object({
    jsonrpc: v.literal('2.0'),
    id: v.optional(Id),
    method: v.pipe(v.string(), v.description('An MCP method: `initialize`, `server/discover`, `tools/list`, `tools/call`, `notifications/initialized`, …')),
    params: v.optional(v.record(v.string(), v.unknown())),
  }),
  v.description(
    'One JSON-RPC 2.0 message (MCP streamable HTTP, stateless; MCP 2025-11-25 and later have no batches). Send `Accept: application/json, text/event-stream`; ' +
      '2026-07-28 requests also carry `MCP-Protocol-Version`, `Mcp-Method` and their `_meta` envelope, 2025-era ones start with `initialize`.',
  ),
);

/** A JSON-RPC error object. */
const ErrorObject = v.looseObject({ code: Integer, message: v.string(), data: v.optional(v.unknown()) });

/** A JSON-RPC error answer; `id` is null when the request could not be read. */
export const JsonRpcErrorResponseSchema = v.pipe(
  v.object({ jsonrpc: v.literal('2.0'), id: v.nullable(v.union([v.string(), Integer])), error: ErrorObject }),
  v.title('JsonRpcError'),
);

/** The answer to a request: its `result`, or a JSON-RPC `error` (an unknown method, invalid params). */
export const JsonRpcResponseSchema = v.object({
  jsonrpc: v.literal('2.0'),
  id: v.nullable(v.union([v.string(), Integer])),
  result: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.description('The method’s result: for `tools/call`, `content` and `structuredContent`'))),
  error: v.optional(ErrorObject),
});
