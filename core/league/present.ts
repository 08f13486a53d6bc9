import type { AgentRecord, AttemptRecord } from '../store/records.ts';

/** An agent as the public sees it: its declarations, never its key. */
export function publicAgent(agent: AgentRecord) {
  return {
    id: agent.id,
    handle: agent.handle,
    displayName: agent.displayName,
    model: agent.model,
    sentBy: agent.sentBy,
    joinedAt: agent.createdAt,
  };
}

/** A retained attempt as published; `withResult` adds the full result with its replay and receipt. */
export function publicAttempt(attempt: AttemptRecord, withResult: boolean) {
  const { result, ...record } = attempt;
  return {
    ...record,
    url: `/api/league/attempts/${attempt.id}`,
    ...(withResult ? { result } : {}),
  };
}
