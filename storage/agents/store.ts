/**
 * Agents: one row each, created by one statement that does nothing on any conflict (registration
 * digest, key digest, handle, id, request), then a read by registration digest says whose the
 * registration is. A key is rotated or revoked by one conditional UPDATE.
 */
import type { Kysely, Selectable } from 'kysely';
import type { KeyChange, NewAgent, StoredKeyState } from '../../core/agents/records.ts';
import type { AgentStore } from '../../core/agents/store.ts';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { Database } from '../database.ts';
import { compiledOnce } from '../shared/compiled-once.ts';
import { toAgent } from './rows.ts';
import type { AgentsTable } from './tables.ts';

const AGENT_COLUMNS = ['id', 'handle', 'display_name', 'model', 'sent_by', 'key_digest', 'created_at', 'request_digest'] as const;

/** Agents' part of the store, bound to the database. */
export function agentStore(db: Kysely<Database>): AgentStore {
  // Every authenticated request looks its key up: that query is compiled once. Its columns are
  // named, so a column a later migration adds cannot change the shape of a prepared statement.
  const byKeyDigest = compiledOnce(db, (slot: (name: 'keyDigest') => string) => db.selectFrom('agents').select(AGENT_COLUMNS).where('key_digest', '=', slot('keyDigest')));
  const agentWhere = async (column: 'id' | 'key_digest' | 'handle' | 'registration_digest', value: string) =>
    column === 'key_digest' ? (await byKeyDigest({ keyDigest: value }))[0] : await rowWhere(column, value);
  const rowWhere = (column: 'id' | 'handle' | 'registration_digest', value: string) => db.selectFrom('agents').selectAll().where(column, '=', value).executeTakeFirst();
  return {
    async registerAgent(agent: NewAgent & RequestKeyed) {
      // Does nothing on any conflict (registration, key digest, handle, id, request); RETURNING says whether it inserted.
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
          registration_digest: agent.keyDigest,
          key_created_at: agent.createdAt,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { agent: toAgent(inserted), created: true, key: publicKeyState(keyStateOf(inserted)) };
      const existing = await rowWhere('registration_digest', agent.keyDigest);
      // Created all the same when this very request created it (and its answer was lost).
      if (existing)
        return {
          agent: toAgent(existing),
          created: agent.requestDigest !== undefined && existing.request_digest === agent.requestDigest,
          key: publicKeyState(keyStateOf(existing)),
        };
      const holder = await db.selectFrom('agents').select('id').where('handle', '=', agent.handle).executeTakeFirst();
      if (holder) return { conflict: 'handle-taken' as const };
      throw new Error(`agent id ${agent.id} is already taken by another agent`);
    },
    async agentByKeyDigest(keyDigest) {
      const row = await agentWhere('key_digest', keyDigest);
      return row ? toAgent(row) : null;
    },
    async agentByRegistration(registrationDigest) {
      const row = await rowWhere('registration_digest', registrationDigest);
      return row ? { agent: toAgent(row), key: keyStateOf(row) } : null;
    },
    async keyStateOf(agentId) {
      const row = await rowWhere('id', agentId);
      return row ? keyStateOf(row) : null;
    },
    async changeKey(change: KeyChange, maxGeneration: number) {
      const rotation = 'keyDigest' in change.to;
      let update = db.updateTable('agents').where('id', '=', change.agentId);
      update = 'keyDigest' in change.from ? update.where('key_digest', '=', change.from.keyDigest) : update.where('key_generation', '=', change.from.generation);
      update = rotation ? update.where('key_generation', '<', maxGeneration) : update.where('key_revoked_at', 'is', null);
      const changed = await update
        .set((eb) =>
          'keyDigest' in change.to
            ? {
                key_digest: change.to.keyDigest,
                key_generation: eb('key_generation', '+', 1),
                key_created_at: change.to.createdAt,
                key_revoked_at: null,
                key_request_digest: change.requestDigest ?? null,
              }
            : // No key matches this digest, so a revoked key is refused where any instance looks keys up.
              { key_digest: `revoked:${change.agentId}`, key_revoked_at: change.to.revokedAt, key_request_digest: change.requestDigest ?? null },
        )
        .returningAll()
        .executeTakeFirst();
      return changed ? publicKeyState(keyStateOf(changed)) : null;
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

function keyStateOf(row: Pick<Selectable<AgentsTable>, 'key_generation' | 'key_created_at' | 'key_revoked_at' | 'key_request_digest' | 'created_at'>): StoredKeyState {
  return {
    generation: Number(row.key_generation),
    createdAt: row.key_created_at ?? row.created_at,
    revokedAt: row.key_revoked_at,
    changedBy: row.key_request_digest,
  };
}

function publicKeyState({ changedBy: _, ...state }: StoredKeyState) {
  return state;
}
