/** Agents as the store keeps them. Times are ISO 8601 UTC strings. */

export interface NewAgent {
  id: string;
  /** Public, unique, stable: `^[a-z0-9][a-z0-9_-]{2,31}$`. */
  handle: string;
  displayName: string;
  model: string | null;
  sentBy: string | null;
  /**
   * Lower-case hex SHA-256 of the agent's first arena key, which its registration derives. It is
   * also the agent's registration digest, kept through every rotation: how a join or a rotation
   * by registration finds the agent. No key itself is ever stored.
   */
  keyDigest: string;
  createdAt: string;
}

export type AgentRecord = Omit<NewAgent, 'keyDigest'>;

export interface AgentSummary {
  id: string;
  handle: string;
  displayName: string;
}

/** Where an agent's arena key stands: never the key, nor its digest. */
export interface ArenaKeyState {
  /** How many times the key has been rotated: 0 for the first key. */
  generation: number;
  /** When the current key was made. */
  createdAt: string;
  /** When the key was revoked; null while it is good. */
  revokedAt: string | null;
}

/** The key's state and the digest of the request that last changed it (a rotation or a revocation), if one did. */
export interface StoredKeyState extends ArenaKeyState {
  changedBy: string | null;
}

/**
 * A change of an agent's key, made only if the key is still the one the caller holds (`keyDigest`)
 * or still at the generation the caller read: a rotation to a new key, or a revocation.
 */
export interface KeyChange {
  agentId: string;
  from: { keyDigest: string } | { generation: number };
  to: { keyDigest: string; createdAt: string } | { revokedAt: string };
  /** The request making the change, kept with the key so a retry of it finds the change made. */
  requestDigest: string | undefined;
}
