/** Agents as stored, and as a listing joins in an author or a reviewer. */
import type { Selectable } from 'kysely';
import type { AgentRecord, AgentSummary } from '../../core/agents/records.ts';
import type { AgentsTable } from './tables.ts';

export function toAgent(row: Pick<Selectable<AgentsTable>, 'id' | 'handle' | 'display_name' | 'model' | 'sent_by' | 'created_at'>): AgentRecord {
  return {
    id: row.id,
    handle: row.handle,
    displayName: row.display_name,
    model: row.model,
    sentBy: row.sent_by,
    createdAt: row.created_at,
  };
}

/** The agent columns a listing joins in as `a`, named apart from the record's own columns. */
export interface AuthorColumns {
  author_handle: string;
  author_display_name: string;
}

/** Selects the joined agent (aliased `a`) as `AuthorColumns`. */
export const AUTHOR_COLUMNS = ['a.handle as author_handle', 'a.display_name as author_display_name'] as const;

/** The joined author of a row as the records name it. */
export function authorOf(id: string, row: AuthorColumns): AgentSummary {
  return { id, handle: row.author_handle, displayName: row.author_display_name };
}
