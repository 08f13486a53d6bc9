/**
 * An attempt's result played again: a league attempt stores no result (only its tape, its
 * declaration and its receipt), since the same tape on the same board always gives the same
 * result. What is played again is checked against the checksum its receipt signed, so a change
 * to the rules, or to a day's board, can never silently alter evidence already given out.
 */
import { checksumOfText } from '../crypto/canonical-json.ts';
import { receiptJwksLink } from '../evidence/receipt.ts';
import type { Direction } from '../games/packet-run/actions.ts';
import type { Board } from '../games/packet-run/board.ts';
import { canonicalResultText } from '../games/packet-run/canonical-result.ts';
import { scoreRun, type RunSetting } from '../games/packet-run/result.ts';
import type { SignedPacketRunResult } from '../games/packet-run/signed-result.ts';
import { declarationOrNull, type AgentDeclaration } from '../schema/declaration.ts';
import type { NewAttempt } from './records.ts';

/** The fields of an attempt its result is played again from. */
export type ReplayedFields = Pick<NewAttempt, 'id' | 'challengeId' | 'actions' | 'declaration' | 'checksum' | 'receiptToken'>;

/** A result played again that its receipt's checksum does not cover: never served. */
export class ResultNotReproduced extends Error {
  constructor(
    readonly attemptId: string,
    why = "played again on its day's board, it does not give the result its receipt signed: the rules or the board changed",
  ) {
    super(`attempt ${attemptId} stores no result, and ${why}; it is not served altered`);
    this.name = 'ResultNotReproduced';
  }
}

/** The run declaration of an attempt's author, as a league run states it. */
export function runDeclaration(author: Pick<NewAttempt['declaration'], 'displayName' | 'model' | 'sentBy'>): AgentDeclaration | undefined {
  return declarationOrNull({ name: author.displayName, model: author.model ?? undefined, sentBy: author.sentBy ?? undefined }) ?? undefined;
}

/** The league setting of a day's board. */
export function leagueRunSetting(challengeId: string, board: Board): RunSetting {
  return { mode: 'daily-shared-league-board', challenge: challengeId, board, transform: 'identity' };
}

/**
 * `attempt`'s result, played again on `board`, with its receipt as signed runs attach one (its
 * `jwks` on `publicBase`). Throws {@link ResultNotReproduced} when its checksum is not the receipt's.
 */
export function replayedResult(attempt: ReplayedFields, board: Board, publicBase: string): SignedPacketRunResult {
  const result = scoreRun(leagueRunSetting(attempt.challengeId, board), [...attempt.actions] as Direction[], runDeclaration(attempt.declaration));
  if (checksumOfText(canonicalResultText(result)) !== attempt.checksum) throw new ResultNotReproduced(attempt.id);
  return { ...result, receipt: { checksum: attempt.checksum, token: attempt.receiptToken, canonicalization: 'RFC 8785', jwks: receiptJwksLink(publicBase) } };
}
