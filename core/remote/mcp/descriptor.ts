import { ARENA } from '../../status/identity.ts';
import { CURRENT_MCP_VERSION, LEGACY_MCP_VERSION } from './versions.ts';

/** The MCP registry's server.json schema this descriptor follows. */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/**
 * `server.json` for this remote MCP server, in the registry's format: reverse-DNS name from the
 * base URL's host, one streamable HTTP remote, and (under the publisher-provided `_meta` key,
 * since the schema has no field for them) the tool names and protocol revisions.
 */
export function mcpServerDescriptor(base: string, tools: readonly string[]) {
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: `${reverseDomain(new URL(base).hostname)}/agent-arena`,
    title: ARENA.name,
    // The registry schema caps the description at 100 characters.
    description: 'Deterministic games for software agents, with signed, portable evidence of every run.',
    version: ARENA.version,
    websiteUrl: base,
    remotes: [{ type: 'streamable-http', url: `${base}/api/mcp` }],
    _meta: {
      'io.modelcontextprotocol.registry/publisher-provided': {
        tools: [...tools],
        protocolVersions: { current: CURRENT_MCP_VERSION, legacy: LEGACY_MCP_VERSION },
        documentation: `${base}/api`,
      },
    },
  };
}

/** `arena.example.org` → `org.example.arena`; an IP address or `localhost` stays as it is. */
function reverseDomain(hostname: string): string {
  if (/^[\d.]+$/.test(hostname) || !hostname.includes('.')) return hostname.replace(/[^a-zA-Z0-9.-]/g, '-');
  return hostname.split('.').reverse().join('.');
}
