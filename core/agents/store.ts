import type { RequestKeyed } from '../store/request-keyed.ts';
import type { AgentRecord, NewAgent } from './records.ts';

/** Agent identity: registration and lookups. */
export interface AgentStore {
  /**
   * Creates the agent unless one with the same `keyDigest` exists (then returns that one,
   * `created: false`, whatever the other fields say). A different agent holding the handle
   * gives `{ conflict: 'handle-taken' }`. One statement: an insert that does nothing on
   * conflict, then a read by key digest. `created` is also true when the agent was created by
   * this same request (its `requestDigest`), whose answer was lost.
   */
  registerAgent(agent: NewAgent & RequestKeyed): Promise<{ agent: AgentRecord; created: boolean } | { conflict: 'handle-taken' }>;
  agentByKeyDigest(keyDigest: string): Promise<AgentRecord | null>;
  agentById(id: string): Promise<AgentRecord | null>;
  /** The agent with this public handle (handles are unique). */
  agentByHandle(handle: string): Promise<AgentRecord | null>;
}
