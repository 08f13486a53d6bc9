/**
 * Agents: one row each, created by one statement that does nothing on any conflict (key digest,
 * handle, id, request), then a read by key digest says whose the key is.
 */
import type { Kysely } from 'kysely';
import type { NewAgent } from '../../core/agents/records.ts';
import type { AgentStore } from '../../core/agents/store.ts';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { Database } from '../database.ts';
import { compiledOnce } from '../shared/compiled-once.ts';
import { toAgent } from './rows.ts';

const AGENT_COLUMNS = ['id', 'handle', 'display_name', 'model', 'sent_by', 'key_digest', 'created_at', 'request_digest'] as const;

/** Agents' part of the store, bound to the database. */
export function agentStore(db: Kysely<Database>): AgentStore {
  // Every authenticated request looks its key up: that query is compiled once. Its columns are
  // named, so a column a later migration adds cannot change the shape of a prepared statement.
  const byKeyDigest = compiledOnce(db, (slot: (name: 'keyDigest') => string) =>
    db.selectFrom('agents').select(AGENT_COLUMNS).where('key_digest', '=', slot('keyDigest')),
  );
  const agentWhere = async (column: 'id' | 'key_digest' | 'handle', value: string) =>
    column === 'key_digest' ? (await byKeyDigest({ keyDigest: value }))[0] : await db.selectFrom('agents').selectAll().where(column, '=', value).executeTakeFirst();
  return {
    async registerAgent(agent: NewAgent & RequestKeyed) {
      // Does nothing on any conflict (key digest, handle, id, request); RETURNING says whether it inserted.
      const inserted = await db
        .insertInto('agents')
        .values({
          id: agent.id,
          handle: agent.handle,
          display_name: agent.displayName,
          model: agent.model,
          sent_by: agent.sentBy,
          key_digest: agent.keyDigest,
          created_at: agent.createdAt,
          request_digest: agent.requestDigest ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { agent: toAgent(inserted), created: true };
      const existing = await agentWhere('key_digest', agent.keyDigest);
      // Created all the same when this very request created it (and its answer was lost).
      if (existing) return { agent: toAgent(existing), created: agent.requestDigest !== undefined && existing.request_digest === agent.requestDigest };
      const holder = await db.selectFrom('agents').select('id').where('handle', '=', agent.handle).executeTakeFirst();
      if (holder) return { conflict: 'handle-taken' as const };
      throw new Error(`agent id ${agent.id} is already taken by another agent`);
    },
    async agentByKeyDigest(keyDigest) {
      const row = await agentWhere('key_digest', keyDigest);
      return row ? toAgent(row) : null;
    },
    async agentById(id) {
      const row = await agentWhere('id', id);
      return row ? toAgent(row) : null;
    },
    async agentByHandle(handle) {
      const row = await agentWhere('handle', handle);
      return row ? toAgent(row) : null;
    },
  };
}
