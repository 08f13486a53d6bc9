/**
 * Stored attempts made whole again: an attempt whose result was not stored (`resultReplayed`)
 * gets it played again on its day's kept board, checked against its receipt (replayed-result.ts).
 */
import type { ArenaContext } from '../context.ts';
import { keptBoard } from './boards.ts';
import type { AttemptRecord, StoredAttempt } from './records.ts';
import { replayedResult, ResultNotReproduced, type ReplayedFields } from './replayed-result.ts';

/** `attempt` with its result, as stored or played again. */
export async function withResult(arena: ArenaContext, attempt: AttemptRecord): Promise<AttemptRecord> {
  return attempt.result === null ? { ...attempt, result: await played(arena, attempt, attempt.date) } : attempt;
}

/** Each of `attempts` with its result's text, as stored or played again (an export's page). */
export async function withResultText(arena: ArenaContext, attempts: StoredAttempt[]): Promise<StoredAttempt[]> {
  const whole: StoredAttempt[] = [];
  for (const attempt of attempts) {
    whole.push(
      attempt.resultJson === ''
        ? { ...attempt, resultJson: JSON.stringify(await played(arena, { ...attempt, declaration: JSON.parse(attempt.declarationJson) }, attempt.date)) }
        : attempt,
    );
  }
  return whole;
}

async function played(arena: ArenaContext, attempt: ReplayedFields, date: string) {
  const board = await keptBoard(arena, date);
  if (!board) throw new ResultNotReproduced(attempt.id, `no board is kept for ${date}`);
  return replayedResult(attempt, board, arena.publicBase);
}
