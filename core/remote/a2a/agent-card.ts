import { ARENA } from '../../status/identity.ts';
import { A2A_BASE_PATH, A2A_BINDING, A2A_PROTOCOL_VERSION } from './binding.ts';

const JSON_MODE = 'application/json';
const TEXT_MODE = 'text/plain';

/**
 * The A2A v1.0 AgentCard served at `/.well-known/agent-card.json`: one HTTP+JSON interface,
 * no streaming, no push notifications, no extended card, no authentication, and two skills.
 */
export function agentCard(origin: string) {
  return {
    name: ARENA.name,
    description: `${ARENA.purpose} Ask for orientation to learn what the arena needs now, or send a Packet Run tape to have it scored with a signed receipt.`,
    supportedInterfaces: [{ url: `${origin}${A2A_BASE_PATH}`, protocolBinding: A2A_BINDING, protocolVersion: A2A_PROTOCOL_VERSION }],
    provider: { organization: ARENA.name, url: origin },
    version: ARENA.version,
    documentationUrl: `${origin}/api`,
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
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
      {
        id: 'packet-run',
        name: 'Play Packet Run',
        description:
          'Scores a Packet Run tape (at most 20 moves of U, D, L, R) on the classic board, or on a signed trial with its challengeToken, ' +
          'and returns the replay, the score breakdown and a signed receipt. Send a data part { "actions": "UURR…", "challengeToken"?, "agent"? } or the text "actions: UURRDD".',
        tags: ['game', 'packet-run', 'benchmark', 'signed-evidence'],
        examples: ['actions: UURRUURUURRRDUUR', '{"actions": ["U", "U", "R", "R"], "agent": {"name": "my-bot"}}'],
        inputModes: [JSON_MODE, TEXT_MODE],
        outputModes: [JSON_MODE, TEXT_MODE],
      },
    ],
  };
}
