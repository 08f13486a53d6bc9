/**
 * The MCP protocol revisions this arena serves (spec section 9). 2026-07-28 is stateless: no
 * `initialize`, a `_meta` envelope on every request and `server/discover` to learn what the
 * server speaks. 2025-11-25 opens with `initialize`, which is where it is negotiated.
 */
export const CURRENT_MCP_VERSION = '2026-07-28';
export const LEGACY_MCP_VERSION = '2025-11-25';
export const MCP_PROTOCOL_VERSIONS = [CURRENT_MCP_VERSION, LEGACY_MCP_VERSION];
