import type { ArenaContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import type { Direction } from '../games/packet-run/actions.ts';
import type { RunSetting } from '../games/packet-run/result.ts';
import { signedRun, type SignedPacketRunResult } from '../games/packet-run/signed-result.ts';
import type { AgentRecord } from '../agents/records.ts';
import { dayBoardKept } from './boards.ts';
import type { NewAttempt } from './records.ts';
import { runDeclaration } from './replayed-result.ts';

export const MAXIMUM_ATTEMPTS_PER_AGENT = 10;

/**
 * Scores a tape on the day's board as the agent, with its receipt, ready to be retained once the
 * day's board is kept ({@link retainable}): the attempt stores no result, which is played again
 * from that board when read.
 */
export async function scoredAttempt(
  arena: ArenaContext,
  agent: Omit<AgentRecord, 'createdAt'>,
  kind: NewAttempt['kind'],
  setting: RunSetting & { date: string },
  actions: Direction[],
): Promise<{ run: SignedPacketRunResult; attempt: NewAttempt }> {
  const declaration = { handle: agent.handle, displayName: agent.displayName, model: agent.model, sentBy: agent.sentBy };
  const run = await signedRun(arena, setting, actions, runDeclaration(agent));
  return {
    run,
    attempt: {
      id: `att_${randomId((n) => arena.randomBytes(n))}`,
      agentId: agent.id,
      kind,
      challengeId: setting.challenge,
      date: setting.date,
      actions: actions.join(''),
      score: run.breakdown.total,
      reachedExit: run.reachedExit,
      benchmark: run.benchmark,
      checksum: run.receipt.checksum,
      receiptToken: run.receipt.token,
      result: run,
      resultReplayed: true,
      declaration,
      createdAt: new Date(arena.now()).toISOString(),
    },
  };
}

/** Resolves once the board of `setting`'s day is kept: before the first attempt on it is retained. */
export function retainable(arena: ArenaContext, setting: RunSetting & { date: string }): Promise<void> {
  return dayBoardKept(arena, setting.date, setting.board);
}
