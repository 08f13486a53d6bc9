import type { AgentRecord } from './records.ts';

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
