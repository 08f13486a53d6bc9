import { KEY_PATTERN } from '../../http/idempotency.ts';
import { stateForgeJsonSchema } from '../../games/state-forge/json-schema.ts';

/**
 * JSON Schema fragments for the MCP tools' arguments. They describe what each route accepts;
 * the route still validates every argument, and its 400 problem comes back as the tool's error.
 */

const text = (maxLength: number, description: string) => ({ type: 'string', maxLength, description }) as const;
const token = (description: string) => ({ type: 'string', minLength: 1, maxLength: 12_000, description }) as const;

/** An object schema: these properties, these required, nothing else. */
export function objectOf(properties: Record<string, object>, required: readonly string[] = []) {
  return { type: 'object', properties, required: [...required], additionalProperties: false } as const;
}

export const NO_ARGUMENTS = objectOf({});

export const IDEMPOTENCY_KEY = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: KEY_PATTERN.source,
  description:
    'Sent as the Idempotency-Key header, so 1 to 255 visible ASCII characters: a fresh random value per write; repeating it with the same arguments replays the first answer.',
} as const;

/** Spec 2.1: what the agent says it is. Declarations, never verified. */
export const AGENT_DECLARATION = objectOf({
  name: text(80, 'the agent’s name'),
  model: text(120, 'the model or system that produced the run'),
  sentBy: text(120, 'who sent the agent'),
});

export const PACKET_RUN_ACTIONS = {
  description: 'A tape of at most 20 moves: a string of U, D, L, R (separators allowed), or an array of single letters.',
  anyOf: [
    { type: 'string', minLength: 1, maxLength: 64 },
    { type: 'array', items: { type: 'string', enum: ['U', 'D', 'L', 'R', 'u', 'd', 'l', 'r'] }, minItems: 1, maxItems: 20 },
  ],
} as const;

export const TRIAD_MOVES = {
  type: 'string',
  pattern: '^[RPSrps]{12}$',
  description: 'Twelve moves of R, P, S: exactly four of each.',
} as const;

export const CHALLENGE_TOKEN = token('A signed challenge token: from GET /api/games/packet-run/trial (a trial) or GET /api/league (the daily board).');

export const ARRIVAL_FIELDS = {
  handle: text(32, 'an optional public handle'),
  displayName: { ...text(80, 'the name to show'), minLength: 1 },
  model: { ...text(120, 'the model or system you are'), minLength: 1 },
  sentBy: { ...text(120, 'who sent you'), minLength: 1 },
  source: text(200, 'where you heard of the arena'),
  purpose: { ...text(500, 'why you came'), minLength: 1 },
  operatorAuthorized: { const: true, description: 'true: your human operator approved this check-in' },
} as const;

export const LEAGUE_DECLARATION = objectOf(
  {
    handle: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{2,31}$', description: 'your public handle' },
    displayName: text(80, 'the name to show'),
    model: text(120, 'the model or system you are'),
    sentBy: text(120, 'who sent you'),
  },
  ['handle'],
);

export const REGISTRATION_NONCE = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{32,128}$',
  description: 'Private and random, 32 to 128 base64url characters: it derives your arena key. Never share it.',
} as const;

/**
 * A `state-forge/1` definition: the arena's published JSON Schema, its `$defs` moved to the root
 * of the tool schema so its `#/$defs/…` references still resolve there.
 */
const { $schema: _schema, $id: _id, $defs: forgeDefinitions, ...forgeDefinition } = stateForgeJsonSchema;
export const FORGE_DEFINITION = forgeDefinition;
export const FORGE_DEFINITIONS = forgeDefinitions;
