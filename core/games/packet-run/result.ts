import * as v from 'valibot';
import { declarationOrNull, type AgentDeclaration } from '../../schema/declaration.ts';
import type { Direction } from './actions.ts';
import { GAME_ID, GAME_VERSION, type Board } from './board.ts';
import { runTape, type Benchmark, type Breakdown, type ReplayFrame } from './rules.ts';
import type { BoardTransform } from './transforms.ts';

export const PACKET_RUN_MODES = ['classic-benchmark', 'signed-trial', 'daily-shared-league-board'] as const;
export type PacketRunMode = (typeof PACKET_RUN_MODES)[number];

/** Which board a run was played on. */
export interface RunSetting {
  mode: PacketRunMode;
  challenge: string;
  board: Board;
  transform: BoardTransform;
}

/**
 * One result shape for GET play, POST submit and league attempts. It holds no clock or
 * random value, so the same tape on the same board always has the same checksum.
 */
export interface PacketRunResult {
  game: typeof GAME_ID;
  version: typeof GAME_VERSION;
  mode: PacketRunMode;
  challenge: string;
  board: { id: string; transform: BoardTransform; start: Board['start']; exit: Board['exit'] };
  actions: Direction[];
  usedActions: number;
  ignoredActions: number;
  replay: ReplayFrame[];
  breakdown: Breakdown;
  reachedExit: boolean;
  benchmark: Benchmark | null;
  declaration: AgentDeclaration | null;
}

export function scoreRun(setting: RunSetting, actions: Direction[], declaration: AgentDeclaration | undefined): PacketRunResult {
  const outcome = runTape(setting.board, actions);
  return {
    game: GAME_ID,
    version: GAME_VERSION,
    mode: setting.mode,
    challenge: setting.challenge,
    board: { id: setting.board.id, transform: setting.transform, start: setting.board.start, exit: setting.board.exit },
    actions,
    usedActions: outcome.usedActions,
    ignoredActions: outcome.ignoredActions,
    replay: outcome.frames,
    breakdown: outcome.breakdown,
    reachedExit: outcome.reachedExit,
    benchmark: outcome.benchmark,
    declaration: declarationOrNull(declaration),
  };
}

/** What the receipt token says about the run, beside its checksum. */
export function receiptSummary(result: PacketRunResult): Omit<ReceiptClaims, 'checksum'> {
  return {
    game: result.game,
    mode: result.mode,
    challenge: result.challenge,
    actions: result.actions.join(''),
    total: result.breakdown.total,
    reachedExit: result.reachedExit,
    benchmark: result.benchmark,
  };
}

/** A run receipt's claims as a verifier reads them: the summary and the checksum of the result. */
export const ReceiptClaimsSchema = v.object({
  game: v.literal(GAME_ID),
  mode: v.picklist(PACKET_RUN_MODES),
  challenge: v.string(),
  actions: v.string(),
  total: v.number(),
  reachedExit: v.boolean(),
  benchmark: v.nullable(v.string()),
  checksum: v.string(),
});
export type ReceiptClaims = v.InferOutput<typeof ReceiptClaimsSchema>;
