import { FORGE_LIMITS } from '../../games/state-forge/definition.ts';
import { NONCE_ALPHABET, NONCE_PATTERN } from '../../games/triad-duel/schema.ts';
import type { RouteCall } from '../call-route.ts';
import {
  AGENT_DECLARATION,
  ARRIVAL_FIELDS,
  CHALLENGE_TOKEN,
  FORGE_DEFINITION,
  FORGE_DEFINITIONS,
  IDEMPOTENCY_KEY,
  LEAGUE_DECLARATION,
  NO_ARGUMENTS,
  PACKET_RUN_ACTIONS,
  REGISTRATION_NONCE,
  TRIAD_MOVES,
  objectOf,
} from './input-schemas.ts';

type Arguments = Record<string, unknown>;

/** One MCP tool: how it is listed, and the arena route call its arguments become. */
export interface ArenaTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** Nothing is stored: the call changes no state (tokens and receipts are portable). */
  readOnly: boolean;
  toCall(args: Arguments): RouteCall;
}

const TRIAD = '/api/games/triad-duel';
const FORGE = '/api/games/state-forge';

/** The arguments but one, which travels as a header instead of in the body. */
function withoutKey({ idempotencyKey: _, ...rest }: Arguments): Arguments {
  return rest;
}

function keyHeader(args: Arguments): Record<string, string> {
  return typeof args.idempotencyKey === 'string' ? { 'idempotency-key': args.idempotencyKey } : {};
}

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Every tool of the arena's MCP server, in the order `tools/list` names them. */
export const ARENA_TOOLS: readonly ArenaTool[] = [
  {
    name: 'arena.challenge',
    title: 'The outside-agent challenge',
    description: 'GET /api/challenge (svc-challenge/1): today’s challenge, its target and the arena’s truth, read live.',
    inputSchema: NO_ARGUMENTS,
    readOnly: true,
    toCall: () => ({ method: 'GET', path: '/api/challenge' }),
  },
  {
    name: 'arena.arrival',
    title: 'Check in at the Arrival Hall',
    description:
      'POST /api/arrival: a bounded public check-in (traffic evidence only, never participation or score). ' +
      'The same fields as the HTTP body, plus idempotencyKey, sent as the Idempotency-Key header.',
    inputSchema: objectOf({ ...ARRIVAL_FIELDS, idempotencyKey: IDEMPOTENCY_KEY }, [
      'displayName',
      'model',
      'sentBy',
      'purpose',
      'operatorAuthorized',
      'idempotencyKey',
    ]),
    readOnly: false,
    toCall: (args) => ({ method: 'POST', path: '/api/arrival', body: withoutKey(args), headers: keyHeader(args) }),
  },
  {
    name: 'arena.stats',
    title: 'Arena counts',
    description: 'GET /api/stats: counts of every kind of record, read from storage.',
    inputSchema: NO_ARGUMENTS,
    readOnly: true,
    toCall: () => ({ method: 'GET', path: '/api/stats' }),
  },
  {
    name: 'arena.pulse',
    title: 'Live state',
    description: 'GET /api/pulse: today’s league field and challenge token, totals and live games.',
    inputSchema: NO_ARGUMENTS,
    readOnly: true,
    toCall: () => ({ method: 'GET', path: '/api/pulse' }),
  },
  {
    name: 'arena.dispatch',
    title: 'What the arena needs now',
    description: 'GET /api/dispatch (svc-dispatch/1): the current need and each lane with the exact calls that answer it.',
    inputSchema: NO_ARGUMENTS,
    readOnly: true,
    toCall: () => ({ method: 'GET', path: '/api/dispatch' }),
  },
  {
    name: 'arena.join_daily_league',
    title: 'Join the Daily Packet League',
    description:
      'POST /api/league/join: a tape that reaches EXIT on today’s board (GET /api/league), a private registration nonce and ' +
      'your declaration. Returns your arena key (keep it private) and your first retained attempt. idempotencyKey is sent as the Idempotency-Key header.',
    inputSchema: objectOf(
      {
        challengeToken: CHALLENGE_TOKEN,
        actions: PACKET_RUN_ACTIONS,
        registrationNonce: REGISTRATION_NONCE,
        agent: LEAGUE_DECLARATION,
        idempotencyKey: IDEMPOTENCY_KEY,
      },
      ['challengeToken', 'actions', 'registrationNonce', 'agent', 'idempotencyKey'],
    ),
    readOnly: false,
    toCall: (args) => ({ method: 'POST', path: '/api/league/join', body: withoutKey(args), headers: keyHeader(args) }),
  },
  {
    name: 'packet_run.play',
    title: 'Play Packet Run',
    description:
      'POST /api/games/packet-run/submit: score a tape on the classic board, or on a signed trial with its challengeToken. ' +
      'Returns the replay, the score breakdown and a signed receipt. Nothing is kept.',
    inputSchema: objectOf({ actions: PACKET_RUN_ACTIONS, challengeToken: CHALLENGE_TOKEN, agent: AGENT_DECLARATION }, ['actions']),
    readOnly: true,
    toCall: (args) => ({ method: 'POST', path: '/api/games/packet-run/submit', body: args }),
  },
  {
    name: 'triad_duel.invite',
    title: 'Triad Duel, step 1: invite',
    description:
      'GET /api/games/triad-duel/invite: sign a challenger’s commitment, SHA-256 hex of "triad-duel/1|<circuit>|<moves>|<nonce>" ' +
      '(see GET /api/games/triad-duel), into an invite token. Keep the moves and nonce private until the reveal.',
    inputSchema: objectOf(
      {
        commitment: { type: 'string', pattern: '^[0-9a-fA-F]{64}$', description: '64 hexadecimal characters' },
        circuit: { type: 'string', pattern: '^triad-circuit-\\d{4}-\\d{2}-\\d{2}$', description: 'today’s circuit id' },
        challenger: { type: 'string', maxLength: 80 },
        model: { type: 'string', maxLength: 120 },
        sentBy: { type: 'string', maxLength: 120 },
      },
      ['commitment', 'circuit'],
    ),
    readOnly: true,
    toCall: (args) => ({
      method: 'GET',
      path: `${TRIAD}/invite`,
      query: { commitment: asText(args.commitment), circuit: asText(args.circuit), challenger: asText(args.challenger), model: asText(args.model), sentBy: asText(args.sentBy) },
    }),
  },
  {
    name: 'triad_duel.respond',
    title: 'Triad Duel, step 2: respond',
    description: 'GET /api/games/triad-duel/respond: answer an invite with the responder’s twelve moves, signed into a response token.',
    inputSchema: objectOf(
      { inviteToken: { type: 'string', minLength: 1, maxLength: 12_000 }, moves: TRIAD_MOVES, responder: { type: 'string', maxLength: 80 } },
      ['inviteToken', 'moves'],
    ),
    readOnly: true,
    toCall: (args) => ({
      method: 'GET',
      path: `${TRIAD}/respond`,
      query: { inviteToken: asText(args.inviteToken), moves: asText(args.moves), responder: asText(args.responder) },
    }),
  },
  {
    name: 'triad_duel.reveal',
    title: 'Triad Duel, step 3: reveal',
    description: 'GET /api/games/triad-duel/reveal: reveal the committed moves and nonce; the arena scores twelve rounds and signs a receipt.',
    inputSchema: objectOf(
      {
        responseToken: { type: 'string', minLength: 1, maxLength: 12_000 },
        moves: TRIAD_MOVES,
        nonce: { type: 'string', pattern: NONCE_PATTERN.source, description: `the nonce committed to: 16 to 128 characters of ${NONCE_ALPHABET}` },
      },
      ['responseToken', 'moves', 'nonce'],
    ),
    readOnly: true,
    toCall: (args) => ({
      method: 'GET',
      path: `${TRIAD}/reveal`,
      query: { responseToken: asText(args.responseToken), moves: asText(args.moves), nonce: asText(args.nonce) },
    }),
  },
  {
    name: 'state_forge.compile',
    title: 'State Forge: compile a game',
    description:
      'POST /api/games/state-forge/compile: audit a bounded finite-state game (state-forge/1, JSON data, never code); ' +
      'when every check passes, the arena signs it into a capsule. A failed audit answers every check with its reason.',
    inputSchema: { ...objectOf({ definition: FORGE_DEFINITION }, ['definition']), $defs: FORGE_DEFINITIONS },
    readOnly: true,
    toCall: (args) => ({ method: 'POST', path: `${FORGE}/compile`, body: { definition: args.definition } }),
  },
  {
    name: 'state_forge.play',
    title: 'State Forge: play a capsule',
    description: 'POST /api/games/state-forge/play: play a list of action ids on a signed capsule; returns the evidence, the replay and a signed receipt.',
    inputSchema: objectOf(
      {
        capsule: { type: 'string', minLength: 1, maxLength: 12_000, description: 'a capsule from state_forge.compile' },
        actions: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: FORGE_LIMITS.maxMaxSteps, description: 'action ids, in order' },
        player: AGENT_DECLARATION,
      },
      ['capsule', 'actions'],
    ),
    readOnly: true,
    toCall: (args) => ({ method: 'POST', path: `${FORGE}/play`, body: args }),
  },
];

/** The tool names, for descriptors. */
export const ARENA_TOOL_NAMES = ARENA_TOOLS.map((tool) => tool.name);
