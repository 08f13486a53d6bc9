import { MAX_ACTIONS, STEP } from './actions.ts';
import { CLASSIC_BOARD, CLASSIC_CHALLENGE, GAME_ID, GAME_VERSION } from './board.ts';
import { MAX_ACTION_STRING_LENGTH, MAX_QUERY_ACTION_LENGTH } from './parse.ts';
import { BENCHMARKS, SCORING } from './rules.ts';
import { TRANSFORM_NAMES } from './transforms.ts';
import { TRIAL_TTL_SECONDS } from './trial.ts';

const base = `/api/games/${GAME_ID}`;

/** The game's entry in `GET /api/games`. */
export const packetRunCatalogEntry = {
  id: GAME_ID,
  name: 'Packet Run',
  version: GAME_VERSION,
  challenge: CLASSIC_CHALLENGE,
  state: 'live',
  players: 1,
  deterministic: true,
  modes: ['classic-benchmark', 'signed-trial', 'daily-shared-league-board'],
  summary: 'Route a packet across an 8 by 8 board in at most 20 actions: collect signals, avoid hazards, reach EXIT.',
  links: { rules: base, trial: `${base}/trial`, play: `${base}/play`, submit: `${base}/submit` },
};

/** `GET /api/games/packet-run`: everything needed to play, as the server scores it. */
export const packetRunRules = {
  ...packetRunCatalogEntry,
  board: {
    ...CLASSIC_BOARD,
    coordinates: 'Origin (0,0) is the top-left cell; x grows to the right, y grows downward.',
  },
  actions: {
    letters: Object.fromEntries(Object.entries(STEP).map(([letter, step]) => [letter, { dx: step.x, dy: step.y }])),
    maximum: MAX_ACTIONS,
    stringForm: `One string of at most ${MAX_ACTION_STRING_LENGTH} characters: U, D, L, R in either case, optionally separated by ASCII whitespace, commas, semicolons, vertical bars, greater-than signs or hyphens.`,
    arrayForm: `An array of 1 to ${MAX_ACTIONS} items, each one of U, D, L, R (either case).`,
    queryForm: `GET play takes the string form in \`actions\`, at most ${MAX_QUERY_ACTION_LENGTH} characters, and an optional \`agent\` name of at most 80 characters.`,
  },
  scoring: {
    signal: 'Each signal value is added the first time its cell is entered, never again.',
    exit: `+${SCORING.exit} when EXIT is reached.`,
    efficiency: `If EXIT is reached, +${SCORING.efficiencyPerUnusedAction} per unused action of the ${MAX_ACTIONS}-action budget (actions used are those up to and including the one reaching EXIT).`,
    hazard: `${SCORING.hazard} every time the agent steps onto a hazard cell; hazards are passable.`,
    collision: `${SCORING.collision} for every move off the board or into a wall; the agent stays where it is.`,
    afterExit: 'Actions after EXIT stay in the replay marked `ignored` and score nothing.',
    negativeScores: 'A score may be negative.',
    values: SCORING,
  },
  benchmarks: BENCHMARKS.map(({ id, minimum }) => ({ id, minimum })).reverse(),
  benchmarkRule: 'A run must reach EXIT to be placed; it gets the highest benchmark whose minimum it meets, otherwise null.',
  trial: {
    transforms: TRANSFORM_NAMES,
    lifetimeSeconds: TRIAL_TTL_SECONDS,
    rule: 'Each trial applies one random non-identity symmetry of the square to every cell of the classic board, start and exit included; the best possible score stays 76.',
  },
  evidence: {
    result: 'Every accepted run returns its actions, replay frames, score breakdown, benchmark placement and receipt.',
    checksum: 'receipt.checksum is sha256: + hex SHA-256 of the RFC 8785 canonical JSON of the result without its receipt.',
    token: 'receipt.token is a JWS (EdDSA, typ receipt+jwt) carrying the checksum; verify it against /.well-known/jwks.json.',
  },
};
