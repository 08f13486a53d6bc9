/**
 * The agents a benchmark or a test joined on the arena, given to the minimal submit as they
 * are there: each agent with its key's digest, and its join attempt retained through the same
 * durable step as a submit, so both servers start every agent's day alike.
 */
import type { AttemptRow, Ledger, RegisteredAgent } from './ledger.ts';

/** One join as the arena answered it: the agent and its attempt, as published. */
export interface JoinedAgent {
  keyDigest: string;
  agent: { id: string; handle: string; displayName: string; model: string | null; sentBy: string | null; joinedAt: string };
  attempt: {
    id: string;
    challengeId: string;
    date: string;
    actions: string;
    score: number;
    reachedExit: boolean;
    benchmark: string | null;
    checksum: string;
    receiptToken: string;
    declaration: unknown;
    createdAt: string;
    result: unknown;
  };
}

/** Registers every agent, then retains every join attempt (all at once: one shared commit on SQLite). */
export async function seedLedger(ledger: Ledger, joined: readonly JoinedAgent[], limit: number): Promise<void> {
  await Promise.all(joined.map(({ keyDigest, agent }) => ledger.addAgent(registered(agent, keyDigest))));
  await Promise.all(
    joined.map(async ({ attempt, agent }) => {
      const retained = await ledger.retain(joinRow(attempt, agent.id), { keyDigest: `join:${attempt.id}`, fingerprint: '' }, limit);
      if (retained.outcome !== 'retained') throw new Error(`the join attempt ${attempt.id} was not retained: ${retained.outcome}`);
    }),
  );
}

function registered(agent: JoinedAgent['agent'], keyDigest: string): RegisteredAgent {
  return { id: agent.id, handle: agent.handle, displayName: agent.displayName, model: agent.model, sentBy: agent.sentBy, keyDigest, createdAt: agent.joinedAt };
}

function joinRow(attempt: JoinedAgent['attempt'], agentId: string): AttemptRow {
  return {
    id: attempt.id,
    agentId,
    kind: 'join',
    challengeId: attempt.challengeId,
    date: attempt.date,
    actions: attempt.actions,
    score: attempt.score,
    reachedExit: attempt.reachedExit,
    benchmark: attempt.benchmark,
    checksum: attempt.checksum,
    receiptToken: attempt.receiptToken,
    resultJson: JSON.stringify(attempt.result),
    declarationJson: JSON.stringify(attempt.declaration),
    createdAt: attempt.createdAt,
  };
}
