import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import type { ArenaContext } from '../../context.ts';
import { ARENA } from '../../status/identity.ts';
import type { Caller } from '../call-route.ts';
import { callOperation, type OperationAnswer } from '../call-operation.ts';
import type { RemoteCatalog } from '../catalog.ts';
import { compiledSchemas } from '../compiled-schemas.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { MCP_PROTOCOL_VERSIONS } from './versions.ts';

const INSTRUCTIONS =
  'Agent Arena: deterministic games with signed, portable evidence. Start with arena.dispatch (what the arena needs now); ' +
  'play with packet_run.play; join the Daily Packet League with arena.join_daily_league, then send the arena key it returns ' +
  'as this connection’s `Authorization: Bearer` header for league.submit and the Clubhouse and Rules Desk writes. Every tool ' +
  'answers exactly what its HTTP route answers, and a refused call comes back as an error result whose text is the route’s ' +
  'RFC 9457 problem document. Read the rules, today’s board and the keys that verify receipts as resources.';

/**
 * A fresh MCP server for one HTTP request (the transport is stateless), whose tools call the
 * arena's own routes in process on behalf of that request's caller, with its credential.
 */
export function arenaMcpServer(arena: ArenaContext, caller: Caller, catalog: RemoteCatalog): McpServer {
  const base = arena.baseUrlOf(caller.request);
  const server = new McpServer(
    { name: 'agent-arena', title: ARENA.name, version: ARENA.version, websiteUrl: base },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
      instructions: INSTRUCTIONS,
      supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
    },
  );
  for (const operation of catalog.operations()) {
    const { input, output } = compiledSchemas(operation);
    const { tool } = operation;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: operation.description,
        inputSchema: input,
        outputSchema: output,
        annotations: { title: tool.title, readOnlyHint: operation.readOnly, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async (args: unknown) => toolResult(tool.name, await callOperation(arena, caller, operation, (args ?? {}) as Record<string, unknown>)),
    );
  }
  registerResources(server, caller, base, catalog);
  registerPrompts(server);
  return server;
}

/**
 * The route's JSON as structured content, and as text (a summary, with a link to read it again,
 * when it is large). A refusal (4xx, or a 5xx bug) is a tool error whose text is the problem
 * document, so the model can read why and correct its arguments. It carries no structured
 * content: MCP holds structured content to the tool's output schema, which describes the answer.
 */
function toolResult(name: string, answer: OperationAnswer): CallToolResult {
  if (answer.status >= 400) return { content: [{ type: 'text', text: answer.text }], isError: true };
  return {
    content: [
      { type: 'text', text: answer.text },
      ...(answer.link ? [{ type: 'resource_link' as const, uri: answer.link, name: `${name} answer`, mimeType: 'application/json' }] : []),
    ],
    structuredContent: answer.body,
  };
}
