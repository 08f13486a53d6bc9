import { LEGACY_MCP_VERSION } from '../../core/remote/mcp/versions.ts';
import { DocumentSchemas, pointerOf, type DescribedOperation } from './document.ts';

/** A tool as MCP's `tools/list` describes it. */
export interface ListedTool {
  name: string;
  inputSchema: Record<string, unknown>;
}

/** The schema with its own references (`#/$defs/…`) made to point to where it now sits, under `at`. */
function movedUnder(schema: unknown, at: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => movedUnder(item, at));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([name, value]) => [
      name,
      name === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${at}${value.slice(1)}` : movedUnder(value, at),
    ]),
  );
}

/**
 * Every tool the arena lists, as an operation of each bridge that calls it: an MCP `tools/call`
 * on `/api/mcp`, and an A2A message on `/a2a/v1/message:send` with the skill call in a data
 * part. The envelopes are the protocols'; the arguments are the tool's own input schema, so a
 * tool (a route) is fuzzed through its bridges the day it is listed.
 */
export function bridgeOperations(tools: readonly ListedTool[]): { schemas: DocumentSchemas; operations: DescribedOperation[] } {
  const mcp: Record<string, unknown> = {};
  const a2a: Record<string, unknown> = {};
  for (const { name, inputSchema } of tools) {
    const argumentsOf = (...at: string[]) => movedUnder(inputSchema, pointerOf(at));
    mcp[name] = {
      type: 'object',
      properties: {
        jsonrpc: { const: '2.0' },
        id: { const: 1 },
        method: { const: 'tools/call' },
        params: {
          type: 'object',
          properties: { name: { const: name }, arguments: argumentsOf('mcp', name, 'properties', 'params', 'properties', 'arguments') },
          required: ['name', 'arguments'],
        },
      },
      required: ['jsonrpc', 'id', 'method', 'params'],
    };
    const data = {
      type: 'object',
      properties: {
        skill: { const: name },
        arguments: argumentsOf('a2a', name, 'properties', 'message', 'properties', 'parts', 'items', 'properties', 'data', 'properties', 'arguments'),
      },
      required: ['skill', 'arguments'],
    };
    a2a[name] = {
      type: 'object',
      properties: {
        message: {
          type: 'object',
          properties: {
            messageId: { type: 'string', pattern: '^[a-z0-9-]{8,36}$' },
            role: { const: 'ROLE_USER' },
            parts: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'object', properties: { data }, required: ['data'] } },
          },
          required: ['messageId', 'role', 'parts'],
        },
      },
      required: ['message'],
    };
  }
  const headers = { accept: { const: 'application/json, text/event-stream' }, version: { const: LEGACY_MCP_VERSION } };
  const schemas = new DocumentSchemas({ mcp, a2a, headers });
  // Mostly with the agent's key: the writes need it.
  const security = [['bearerAuth'], []];
  const operations = tools.flatMap(({ name }): DescribedOperation[] => [
    {
      method: 'POST',
      path: '/api/mcp',
      parameters: [
        { name: 'Accept', in: 'header', required: true, schema: schemas.at('#/headers/accept') },
        { name: 'MCP-Protocol-Version', in: 'header', required: true, schema: schemas.at('#/headers/version') },
      ],
      body: { types: ['application/json'], schema: schemas.at(pointerOf(['mcp', name])) },
      security,
      durable: false,
    },
    { method: 'POST', path: '/a2a/v1/message:send', parameters: [], body: { types: ['application/json'], schema: schemas.at(pointerOf(['a2a', name])) }, security, durable: false },
  ]);
  return { schemas, operations };
}
