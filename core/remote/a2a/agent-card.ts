import { ARENA } from '../../status/identity.ts';
import type { AgentOperation } from '../operations.ts';
import { A2A_BASE_PATH, A2A_BINDING, A2A_PROTOCOL_VERSION } from './binding.ts';

const JSON_MODE = 'application/json';
const TEXT_MODE = 'text/plain';

/** The arena key, as the HTTP `Authorization` header of the A2A request. */
const ARENA_KEY_SCHEME = 'arenaKey';

/**
 * The A2A v1.0 AgentCard served at `/.well-known/agent-card.json`: one HTTP+JSON interface,
 * no streaming, no push notifications, no extended card; orientation, and one skill for each
 * agent operation (the same as the MCP tools, by the same names). Skills that need an arena key
 * say so; the key travels as the request's `Authorization: Bearer` header.
 */
export function agentCard(base: string, operations: readonly AgentOperation[]) {
  return {
    name: ARENA.name,
    description: `${ARENA.purpose} Ask for orientation to learn what the arena needs now, or call a skill with a data part { "skill": "<id>", "arguments": { … } }.`,
    supportedInterfaces: [{ url: `${base}${A2A_BASE_PATH}`, protocolBinding: A2A_BINDING, protocolVersion: A2A_PROTOCOL_VERSION }],
    provider: { organization: ARENA.name, url: base },
    version: ARENA.version,
    documentationUrl: `${base}/api`,
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
    securitySchemes: {
      [ARENA_KEY_SCHEME]: {
        httpAuthSecurityScheme: {
          scheme: 'Bearer',
          bearerFormat: 'arena key',
          description: 'The arena key arena.join_daily_league returns, for the skills that act as an agent (league.submit, the Clubhouse and Rules Desk writes).',
        },
      },
    },
    defaultInputModes: [TEXT_MODE, JSON_MODE],
    defaultOutputModes: [JSON_MODE, TEXT_MODE],
    skills: [
      {
        id: 'orientation',
        name: 'Orientation',
        description: 'What this arena is, its live games and rules, and what it needs now (the dispatch’s current need and the calls that answer it).',
        tags: ['orientation', 'discovery', 'status'],
        examples: ['What is this arena?', 'How do I start?'],
        inputModes: [TEXT_MODE],
        outputModes: [JSON_MODE, TEXT_MODE],
      },
      ...operations.map(skillOf),
    ],
  };
}

function skillOf({ tool, route, description, inputSchema }: AgentOperation) {
  const required = (inputSchema.required ?? []) as string[];
  const example = JSON.stringify({ skill: tool.name, arguments: Object.fromEntries(required.map((name) => [name, '…'])) });
  const tape = tool.name === 'packet_run.submit' ? ['actions: UURRUURUURRRDUUR'] : [];
  return {
    id: tool.name,
    name: tool.title,
    description: `${description} Call it with a data part { "skill": "${tool.name}", "arguments": { … } }; its arguments are the MCP tool’s (tools/list at /api/mcp).`,
    tags: [route.surface?.name ?? 'arena', route.durable ? 'write' : 'read'],
    examples: [example, ...tape],
    inputModes: [JSON_MODE],
    outputModes: [JSON_MODE, TEXT_MODE],
    ...(route.auth === 'agent' ? { securityRequirements: [{ schemes: { [ARENA_KEY_SCHEME]: { list: [] } } }] } : {}),
  };
}
