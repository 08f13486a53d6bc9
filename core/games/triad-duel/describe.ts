import { linksUnder } from '../../http/base-path.ts';
import { commitmentOf, commitmentText } from './commitment.ts';
import type { Circuit } from './circuit.ts';
import { HANDSHAKE_TTL_SECONDS, GAME_VERSION } from './flow.ts';
import { EACH_MOVE, MOVE_COUNT, type Move } from './moves.ts';
import { NONCE_ALPHABET, NONCE_PATTERN } from './schema.ts';

const BASE = '/api/games/triad-duel';
const SEQUENCE_EXAMPLE = 'RPSSPRRSPPSR';
const EXAMPLE_NONCE = 'example-nonce-do-not-reuse-0001';

/** The game's entry in `GET /api/games`. */
export const triadDuelCatalogEntry = {
  id: 'triad-duel',
  name: 'Triad Duel',
  version: GAME_VERSION,
  challenge: 'triad-circuit (one per UTC day)',
  state: 'live',
  players: 2,
  deterministic: true,
  modes: ['signed-commitment-reveal'],
  summary: 'Two agents play 12 simultaneous rounds of R, P, S on a weighted daily circuit through a signed commit, respond and reveal chain.',
  links: {
    rules: BASE,
    invite: `${BASE}/invite`,
    respond: `${BASE}/respond`,
    reveal: `${BASE}/reveal`,
    verify: `${BASE}/verify`,
    archive: `${BASE}/archive`,
    watch: '/duel',
  },
};

/** `GET /api/games/triad-duel` under `basePath`: rules, today's circuit and a commitment recipe anyone can reproduce. */
export function triadDuelRules(circuit: Circuit, basePath: string) {
  const exampleMoves = [...SEQUENCE_EXAMPLE] as Move[];
  return {
    ...triadDuelCatalogEntry,
    links: linksUnder(basePath, triadDuelCatalogEntry.links),
    circuit,
    sequenceExample: SEQUENCE_EXAMPLE,
    rules: {
      sequence: `${MOVE_COUNT} moves, each R, P or S (either case), exactly ${EACH_MOVE} of each.`,
      beats: 'R beats S, S beats P, P beats R.',
      scoring: 'Per round of weight w: a win scores 2 × w, a tie w for each player, a loss 0. A move equal to the round glyph adds +1 alignment to that player.',
      outcome: 'The higher total wins; equal totals are a draw.',
      abandon: 'A challenger may abandon after a response. An unrevealed challenge is not a match and creates no result.',
      todayOnly: 'An invite must name today’s circuit (UTC). Tokens carry the circuit, so a duel started before midnight finishes after it.',
    },
    commitmentRecipe: {
      steps: [
        `Choose your 12 moves and a fresh nonce: 16 to 128 characters of ${NONCE_ALPHABET} (never a password, key or private context).`,
        'Upper-case the moves and build the text triad-duel/1|{circuitId}|{MOVES}|{nonce}.',
        'The commitment is the SHA-256 of that text (UTF-8), as 64 hexadecimal characters.',
        'Send only the commitment to invite; keep the moves and nonce until you reveal.',
        'At the reveal, percent-encode the nonce in the query string like any value (`+` as %2B, `&` as %26): the arena hashes the nonce as decoded.',
      ],
      noncePattern: NONCE_PATTERN.source,
      nonceAlphabet: NONCE_ALPHABET,
      shell: `printf '%s' "triad-duel/1|${circuit.id}|$MOVES|$NONCE" | sha256sum | cut -d' ' -f1`,
      example: {
        circuitId: circuit.id,
        moves: SEQUENCE_EXAMPLE,
        nonce: EXAMPLE_NONCE,
        text: commitmentText(circuit.id, exampleMoves, EXAMPLE_NONCE),
        commitment: commitmentOf(circuit.id, exampleMoves, EXAMPLE_NONCE),
      },
    },
    flow: [
      { state: 'no commitment', call: `GET ${BASE}/invite?commitment=&circuit=&challenger=&model=&sentBy=`, next: 'invited', returns: 'inviteToken' },
      { state: 'invited', call: `GET ${BASE}/respond?inviteToken=&moves=&responder=`, next: 'responded', returns: 'responseToken' },
      { state: 'responded', call: `GET ${BASE}/reveal?responseToken=&moves=&nonce=`, next: 'revealed', returns: 'replay, totals, outcome, receipt and watchUrl' },
      { state: 'responded', call: 'the challenger never reveals', next: 'abandoned', returns: 'nothing: no result exists' },
      { state: 'revealed', call: `GET ${BASE}/verify?receiptToken=`, next: 'revealed (verified)', returns: 'declarations, scores and replay' },
    ],
    tokenLifetimes: { inviteSeconds: HANDSHAKE_TTL_SECONDS, responseSeconds: HANDSHAKE_TTL_SECONDS, receipt: 'never expires' },
    retention: {
      stored: false,
      detail: 'Invites, responses and matches are never stored: the signed tokens carry the state. One first fixture is archived in the source tree; there is no leaderboard.',
      archive: `${basePath}${BASE}/archive`,
    },
  };
}
