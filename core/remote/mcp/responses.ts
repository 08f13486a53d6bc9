import * as v from 'valibot';
import { Strings } from '../../schema/response-parts.ts';

/** `GET /mcp/server.json` and `/api/mcp/server.json`: the MCP registry's server.json for this server. */
export const ServerDescriptorResponseSchema = v.pipe(
  v.object({
    $schema: v.string(),
    name: v.string(),
    title: v.string(),
    description: v.string(),
    version: v.string(),
    websiteUrl: v.string(),
    remotes: v.array(v.object({ type: v.literal('streamable-http'), url: v.string() })),
    _meta: v.object({
      'io.modelcontextprotocol.registry/publisher-provided': v.looseObject({
        tools: Strings,
        protocolVersions: v.object({ current: v.string(), legacy: v.string() }),
        documentation: v.string(),
      }),
    }),
  }),
  v.title('McpServerDescriptor'),
);
