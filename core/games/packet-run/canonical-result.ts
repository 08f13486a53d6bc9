/**
 * The RFC 8785 canonical JSON of a Packet Run result, the text its receipt's checksum covers,
 * made the fast way: the result copied into objects whose members are already in the
 * canonical order (names sorted by UTF-16 code units), then `JSON.stringify`, which writes
 * members in insertion order and numbers and strings as RFC 8785 does. The general
 * canonicaliser (`canonicalJson`) sorts every object's names and writes value by value: about
 * four times the time, and the largest single cost of a signed play. Property tests hold the
 * two texts equal for any valid result.
 */
import { canonicalJson } from '../../crypto/canonical-json.ts';
import type { AgentDeclaration } from '../../schema/declaration.ts';
import type { Cell } from './board.ts';
import type { PacketRunResult } from './result.ts';
import type { Breakdown, ReplayFrame } from './rules.ts';

/**
 * The canonical JSON text of `result`. Its numbers are the rules' integers and its strings the
 * game's own, but the declaration's, the one text a client chose: where that is not
 * well-formed Unicode (a lone surrogate, which no canonical JSON can carry, and which the
 * declaration's schema refuses), the general canonicaliser is asked instead, and refuses it.
 */
export function canonicalResultText(result: PacketRunResult): string {
  if (result.declaration !== null && !wellFormedDeclaration(result.declaration)) return canonicalJson(result);
  return JSON.stringify(canonicalResult(result));
}

/**
 * `result` with every member in canonical order. Every name of the result is listed (the
 * `satisfies` clauses fail to compile if one is missing), each object in the order its names
 * sort: a test fails if any is out of order.
 */
export function canonicalResult(result: PacketRunResult) {
  return {
    actions: result.actions,
    benchmark: result.benchmark,
    board: { exit: cell(result.board.exit), id: result.board.id, start: cell(result.board.start), transform: result.board.transform } satisfies PacketRunResult['board'],
    breakdown: canonicalBreakdown(result.breakdown),
    challenge: result.challenge,
    declaration: result.declaration === null ? null : canonicalDeclaration(result.declaration),
    game: result.game,
    ignoredActions: result.ignoredActions,
    mode: result.mode,
    reachedExit: result.reachedExit,
    replay: result.replay.map(canonicalFrame),
    usedActions: result.usedActions,
    version: result.version,
  } satisfies Record<keyof PacketRunResult, unknown>;
}

function cell({ x, y }: Cell): Cell {
  return { x, y };
}

function canonicalBreakdown(breakdown: Breakdown): Breakdown {
  return {
    collisions: breakdown.collisions,
    efficiency: breakdown.efficiency,
    exit: breakdown.exit,
    hazards: breakdown.hazards,
    signals: breakdown.signals,
    total: breakdown.total,
  };
}

function canonicalFrame(frame: ReplayFrame): ReplayFrame {
  return {
    action: frame.action,
    delta: frame.delta,
    event: frame.event,
    from: cell(frame.from),
    score: frame.score,
    signal: frame.signal,
    step: frame.step,
    to: cell(frame.to),
  };
}

/** Absent members stay absent: `JSON.stringify` leaves out an undefined member, as RFC 8785 does. */
function canonicalDeclaration(declaration: AgentDeclaration): AgentDeclaration {
  return { model: declaration.model, name: declaration.name, sentBy: declaration.sentBy };
}

function wellFormedDeclaration({ name, model, sentBy }: AgentDeclaration): boolean {
  return (name?.isWellFormed() ?? true) && (model?.isWellFormed() ?? true) && (sentBy?.isWellFormed() ?? true);
}
