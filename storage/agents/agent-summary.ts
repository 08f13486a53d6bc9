/** The agent as the Clubhouse and the Rules Desk show an author or a reviewer. */
import type { Kysely } from 'kysely';
import type { AgentSummary } from '../../core/agents/records.ts';
import type { Database } from '../database.ts';
import type { AuthorColumns } from './rows.ts';

/** One key lookup; throws for an unknown id (the insert naming it would have failed on its reference). */
async function agentSummary(db: Kysely<Database>, id: string): Promise<AgentSummary> {
  const row = await db.selectFrom('agents').select(['id', 'handle', 'display_name']).where('id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, handle: row.handle, displayName: row.display_name };
}

/** A just-written row with its author's columns, as a listing would have joined them. */
export async function withAuthorOf<Row extends object>(db: Kysely<Database>, row: Row, authorId: string): Promise<Row & AuthorColumns> {
  const author = await agentSummary(db, authorId);
  return { ...row, author_handle: author.handle, author_display_name: author.displayName };
}
