import { McpServer, fromJsonSchema, type CallToolResult, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { ArenaContext } from '../../context.ts';
import { ARENA } from '../../status/identity.ts';
import { callRoute, type Caller, type RouteAnswer } from '../call-route.ts';
import { withKeyArgumentChecked } from './key-argument.ts';
import { ARENA_TOOLS, type ArenaTool } from './tools.ts';
import { MCP_PROTOCOL_VERSIONS } from './versions.ts';

const INSTRUCTIONS =
  'Agent Arena: deterministic games with signed, portable evidence. Start with arena.dispatch (what the arena needs now); ' +
  'play with packet_run.play; every tool answers exactly what its HTTP route answers, and a refused call comes back as an ' +
  'error result carrying the route’s RFC 9457 problem document.';

let compiledSchemas: Map<string, StandardSchemaWithJSON> | undefined;

/** Each tool's input schema, compiled once by the SDK's validator and shared by every per-request server. */
function inputSchemas(): Map<string, StandardSchemaWithJSON> {
  compiledSchemas ??= new Map(
    ARENA_TOOLS.map((tool) => {
      const compiled = fromJsonSchema(tool.inputSchema);
      return [tool.name, takesKey(tool) ? withKeyArgumentChecked(compiled) : compiled];
    }),
  );
  return compiledSchemas;
}

function takesKey(tool: ArenaTool): boolean {
  return Object.hasOwn((tool.inputSchema as { properties?: object }).properties ?? {}, 'idempotencyKey');
}

/**
 * A fresh MCP server for one HTTP request (the transport is stateless), whose tools call the
 * arena's own routes in process on behalf of that request's caller.
 */
export function arenaMcpServer(arena: ArenaContext, caller: Caller): McpServer {
  const server = new McpServer(
    { name: 'agent-arena', title: ARENA.name, version: ARENA.version, websiteUrl: arena.originOf(caller.request) },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] },
  );
  const schemas = inputSchemas();
  for (const tool of ARENA_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: schemas.get(tool.name)!,
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async (args: unknown) => toolResult(await callRoute(caller, tool.toCall((args ?? {}) as Record<string, unknown>))),
    );
  }
  return server;
}

/**
 * The route's JSON as structured content and as text. A refusal (4xx, or a 5xx bug) is a tool
 * error carrying the problem document, so the model can read why and correct its arguments.
 */
function toolResult(answer: RouteAnswer): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(answer.body) }],
    structuredContent: answer.body,
    ...(answer.status >= 400 ? { isError: true } : {}),
  };
}
