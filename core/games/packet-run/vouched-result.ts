import * as v from 'valibot';
import { checksumOf } from '../../crypto/canonical-json.ts';
import { compare, isObject, pathText, shown, type Difference, type Path } from '../../evidence/compare.ts';
import { AgentDeclarationSchema } from '../../schema/declaration.ts';
import { strictly } from '../../schema/strictly.ts';
import type { Direction } from './actions.ts';
import { CLASSIC_BOARD, CLASSIC_CHALLENGE, GAME_VERSION } from './board.ts';
import { leagueRuleReadings, suspects } from './replay-rules.ts';
import { PacketRunResultSchema } from './responses.ts';
import { scoreRun, type PacketRunResult, type ReceiptClaims } from './result.ts';
import { TRANSFORM_NAMES, transformBoard, type BoardTransform } from './transforms.ts';

const { receipt: _, ...resultEntries } = PacketRunResultSchema.entries;
/** A result as signed: every member named, none added, at every depth. */
const ResultShape = strictly(v.object(resultEntries));
/** The members of every run's result. */
export const RESULT_MEMBERS = Object.keys(resultEntries);

/**
 * The result a run's receipt vouches for, as far as a verifier holding `file` (the result the
 * file shows, at `at`) can know it, and what in `file` it finds wrong on the way. The token
 * states a summary and the checksum of the whole result, so a result whose checksum is the
 * signed one is the signed one. Any other is told apart field by field: the classic board and
 * its symmetries are public, so there the signed result is played again and each field that
 * differs is named; the day's league board is the arena's secret, so there the rules that need
 * no board name the field a change breaks them at.
 */
export function vouchedResult(claims: ReceiptClaims, file: unknown, at: Path): { result: unknown; differences: Difference[] } {
  const asShown = { result: file, differences: [] };
  if (isObject(file) && checksumOrNone(file) === claims.checksum) return asShown;
  const shape = v.safeParse(ResultShape, file);
  if (!shape.success) return { ...asShown, differences: shape.issues.map((issue) => shapeDifference(issue, at)) };
  const result = shape.output as PacketRunResult;
  if (claims.mode !== 'daily-shared-league-board' && claims.challenge === CLASSIC_CHALLENGE) {
    const played = playedAgain(claims, result);
    const signed = played.find((candidate) => checksumOrNone(candidate) === claims.checksum);
    if (signed) return { result: signed, differences: [] };
    const { differences } = compare(file, played[0], at);
    return { ...asShown, differences: differences.length > 0 ? differences : [unruledChange(claims, result, at)] };
  }
  const stated = compare(statedIn(result), statedBy(claims), at).differences;
  if (stated.length > 0) return { ...asShown, differences: stated };
  const suspected = suspects(leagueRuleReadings(result, claims, at));
  const difference = suspected
    ? { paths: suspected.paths, message: `breaks a rule of the game (${suspected.rule}), so it is not what the receipt signs` }
    : unruledChange(claims, result, at);
  return { ...asShown, differences: [difference] };
}

/**
 * The run on the public board, under each symmetry a trial may have used (the file's first)
 * and the file's version or this release's: the result's own transform and version are not in
 * the token, so one of these is the signed result when only they, or fields they decide, changed.
 */
function playedAgain(claims: ReceiptClaims, result: PacketRunResult): unknown[] {
  const transforms: BoardTransform[] =
    claims.mode === 'signed-trial' ? [...new Set([result.board.transform, ...TRANSFORM_NAMES])].filter((name) => name !== 'identity') : ['identity'];
  const versions = [...new Set([result.version, GAME_VERSION])];
  const actions = claims.actions.split('') as Direction[];
  return transforms.flatMap((transform) => {
    const board = transform === 'identity' ? CLASSIC_BOARD : transformBoard(CLASSIC_BOARD, transform);
    const played = scoreRun({ mode: claims.mode, challenge: claims.challenge, board, transform }, actions, undefined);
    return versions.map((version) => ({ ...played, version, declaration: result.declaration }));
  });
}

/** What the receipt's token states of the result itself. */
function statedBy(claims: ReceiptClaims) {
  const { game, mode, challenge, total, reachedExit, benchmark } = claims;
  return { game, mode, challenge, actions: claims.actions.split(''), breakdown: { total }, reachedExit, benchmark };
}

function statedIn(result: PacketRunResult) {
  const { game, mode, challenge, actions, breakdown, reachedExit, benchmark } = result;
  return { game, mode, challenge, actions, breakdown: { total: breakdown.total }, reachedExit, benchmark };
}

/** A change no rule ties to another field: the declaration, or (on a league board) which signal a frame collected. */
function unruledChange(claims: ReceiptClaims, result: PacketRunResult, at: Path): Difference {
  const declared = result.declaration ? Object.keys(AgentDeclarationSchema.entries).map((name) => pathText([...at, 'declaration', name])) : [];
  const signals =
    claims.mode === 'daily-shared-league-board' ? result.replay.flatMap((frame, index) => (frame.signal === null ? [] : [pathText([...at, 'replay', index, 'signal'])])) : [];
  const paths = [...(declared.length > 0 ? declared : [pathText([...at, 'declaration'])]), ...signals];
  const checksum = checksumOrNone(result);
  const differs = checksum
    ? `the result's checksum is ${checksum} where the receipt signs ${claims.checksum}`
    : 'the result holds text that is not well-formed Unicode, so it has no checksum';
  return { paths, message: `${differs}, and no rule of the game ties ${paths.length === 1 ? 'this field' : 'these fields'} to any other` };
}

/** A value's checksum; none for one holding text that is not well-formed Unicode, which has no canonical JSON. */
function checksumOrNone(value: unknown): string | undefined {
  try {
    return checksumOf(value);
  } catch {
    return undefined;
  }
}

function shapeDifference(issue: v.BaseIssue<unknown>, at: Path): Difference {
  const keys = issue.path?.map((item) => item.key as string | number) ?? [];
  const path = pathText([...at, ...keys]);
  const last = issue.path?.at(-1);
  if (issue.expected === 'never') return { paths: [path], message: 'not in what the receipt signs' };
  if (last && isObject(last.input) && !Object.hasOwn(last.input, last.key as string)) return { paths: [path], message: 'missing; a Packet Run result holds it' };
  return { paths: [path], message: `the file says ${shown(issue.input)}; a Packet Run result holds ${issue.expected ?? issue.message} there` };
}
