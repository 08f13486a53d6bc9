import { fromJsonSchema, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { withKeyArgumentChecked } from './key-argument.ts';
import type { AgentOperation } from './operations.ts';

export interface CompiledSchemas {
  /** Checks a call's arguments (an `idempotencyKey` by the header's own rule first). */
  input: StandardSchemaWithJSON;
  output: StandardSchemaWithJSON;
}

const compiled = new WeakMap<AgentOperation, CompiledSchemas>();

/**
 * An operation's argument and answer schemas, compiled once by the MCP SDK's JSON Schema
 * validator (Ajv, or @cfworker/json-schema on Workers) and shared by every request of either
 * bridge, so MCP and A2A refuse the same arguments the same way.
 */
export function compiledSchemas(operation: AgentOperation): CompiledSchemas {
  let schemas = compiled.get(operation);
  if (!schemas) {
    const input = fromJsonSchema(operation.inputSchema);
    schemas = { input: operation.route.durable ? withKeyArgumentChecked(input) : input, output: fromJsonSchema(operation.outputSchema) };
    compiled.set(operation, schemas);
  }
  return schemas;
}
