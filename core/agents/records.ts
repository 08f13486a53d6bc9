/** Agents as the store keeps them. Times are ISO 8601 UTC strings. */

export interface NewAgent {
  id: string;
  /** Public, unique, stable: `^[a-z0-9][a-z0-9_-]{2,31}$`. */
  handle: string;
  displayName: string;
  model: string | null;
  sentBy: string | null;
  /** Lower-case hex SHA-256 of the arena key. The key itself is never stored. */
  keyDigest: string;
  createdAt: string;
}

export type AgentRecord = Omit<NewAgent, 'keyDigest'>;

export interface AgentSummary {
  id: string;
  handle: string;
  displayName: string;
}
