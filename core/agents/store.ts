import type { RequestKeyed } from '../store/request-keyed.ts';
import type { AgentRecord, ArenaKeyState, KeyChange, NewAgent, StoredKeyState } from './records.ts';

/** Agent identity: registration, lookups, and the arena key's rotations and revocation. */
export interface AgentStore {
  /**
   * Creates the agent unless one with the same registration digest (`keyDigest`, its first
   * key's) exists (then returns that one, `created: false`, whatever the other fields say). A
   * different agent holding the handle gives `{ conflict: 'handle-taken' }`. One statement: an
   * insert that does nothing on conflict, then a read by registration digest. `created` is also
   * true when the agent was created by this same request (its `requestDigest`), whose answer was
   * lost. `key` is where the agent's key stands now.
   */
  registerAgent(agent: NewAgent & RequestKeyed): Promise<{ agent: AgentRecord; created: boolean; key: ArenaKeyState } | { conflict: 'handle-taken' }>;
  /** The agent whose current, unrevoked key has this digest. */
  agentByKeyDigest(keyDigest: string): Promise<AgentRecord | null>;
  /** The agent a registration digest (its first key's) names, whatever its key is now. */
  agentByRegistration(registrationDigest: string): Promise<{ agent: AgentRecord; key: StoredKeyState } | null>;
  /** Where the agent's key stands. */
  keyStateOf(agentId: string): Promise<StoredKeyState | null>;
  /**
   * Rotates or revokes the key in one conditional statement: nothing happens (null) unless the
   * key is still `change.from`, is not revoked already (a revocation), and has been rotated
   * fewer than `maxGeneration` times (a rotation). Resolves to the key's new state.
   */
  changeKey(change: KeyChange, maxGeneration: number): Promise<ArenaKeyState | null>;
  agentById(id: string): Promise<AgentRecord | null>;
  /** The agent with this public handle (handles are unique). */
  agentByHandle(handle: string): Promise<AgentRecord | null>;
}
