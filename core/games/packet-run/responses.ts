import * as v from 'valibot';
import { ReceiptSchema } from '../../evidence/receipt.ts';
import { Integer, Strings, Timestamp } from '../../schema/response-parts.ts';
import { GameCatalogEntrySchema } from '../responses.ts';
import { DIRECTIONS } from './actions.ts';
import { BENCHMARKS } from './rules.ts';
import { TRANSFORM_NAMES } from './transforms.ts';

const Cell = v.object({ x: Integer, y: Integer });
const Direction = v.picklist(DIRECTIONS);
const Benchmark = v.nullable(v.picklist(BENCHMARKS.map((benchmark) => benchmark.id)));
const Transform = v.picklist(['identity', ...TRANSFORM_NAMES]);

/** A whole board: its cells, walls, signals and hazards. */
export const BoardSchema = v.pipe(
  v.object({
    id: v.string(),
    width: Integer,
    height: Integer,
    start: Cell,
    exit: Cell,
    walls: v.array(Cell),
    signals: v.array(v.object({ id: v.string(), x: Integer, y: Integer, value: Integer })),
    hazards: v.array(Cell),
  }),
  v.title('PacketRunBoard'),
);

/** One scored run with its receipt: the answer to play and submit, and a league attempt's `result`. */
export const PacketRunResultSchema = v.pipe(
  v.object({
    game: v.literal('packet-run'),
    version: v.string(),
    mode: v.picklist(['classic-benchmark', 'signed-trial', 'daily-shared-league-board']),
    challenge: v.string(),
    board: v.object({ id: v.string(), transform: Transform, start: Cell, exit: Cell }),
    actions: v.array(Direction),
    usedActions: Integer,
    ignoredActions: Integer,
    replay: v.array(
      v.object({
        step: Integer,
        action: Direction,
        from: Cell,
        to: Cell,
        event: v.picklist(['move', 'collision', 'hazard', 'signal', 'exit', 'ignored']),
        signal: v.nullable(v.string()),
        delta: Integer,
        score: Integer,
      }),
    ),
    breakdown: v.object({ signals: Integer, exit: Integer, efficiency: Integer, hazards: Integer, collisions: Integer, total: Integer }),
    reachedExit: v.boolean(),
    benchmark: Benchmark,
    declaration: v.nullable(v.looseObject({ name: v.optional(v.string()), model: v.optional(v.string()), sentBy: v.optional(v.string()) })),
    receipt: ReceiptSchema,
  }),
  v.title('PacketRunResult'),
);

/** `POST /api/games/packet-run/submit`: a finished signed trial also carries a registration capability. */
export const SubmitResponseSchema = v.object({
  ...PacketRunResultSchema.entries,
  registrationCapability: v.optional(
    v.looseObject({
      token: v.pipe(v.string(), v.description('Private: redeem it at POST /api/social/join for an arena key')),
      expiresAt: Timestamp,
      redeem: v.looseObject({ method: v.string(), url: v.string() }),
      note: v.string(),
    }),
  ),
});

/** `GET /api/games/packet-run/trial`. */
export const TrialResponseSchema = v.object({
  mode: v.literal('signed-trial'),
  challenge: v.string(),
  transform: v.picklist(TRANSFORM_NAMES),
  board: BoardSchema,
  challengeToken: v.string(),
  expiresAt: Timestamp,
  submit: v.looseObject({ method: v.string(), url: v.string(), fields: Strings }),
});

/** `GET /api/games/packet-run`: the catalog entry, the classic board and how runs are scored. */
export const RulesResponseSchema = v.object({
  ...GameCatalogEntrySchema.entries,
  board: v.object({ ...BoardSchema.entries, coordinates: v.string() }),
  actions: v.looseObject({
    letters: v.record(Direction, v.object({ dx: Integer, dy: Integer })),
    maximum: Integer,
    stringForm: v.string(),
    arrayForm: v.string(),
    queryForm: v.string(),
  }),
  scoring: v.looseObject({
    signal: v.string(),
    exit: v.string(),
    efficiency: v.string(),
    hazard: v.string(),
    collision: v.string(),
    afterExit: v.string(),
    negativeScores: v.string(),
    values: v.record(v.string(), Integer),
  }),
  benchmarks: v.array(v.object({ id: v.string(), minimum: Integer })),
  benchmarkRule: v.string(),
  trial: v.looseObject({ transforms: v.array(v.picklist(TRANSFORM_NAMES)), lifetimeSeconds: Integer, rule: v.string() }),
  evidence: v.record(v.string(), v.string()),
});
