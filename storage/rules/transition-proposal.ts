/**
 * A status change in one UPDATE that only matches while the status is one the change is
 * allowed from; its AFTER UPDATE OF status trigger logs OLD.status → NEW.status with the reason
 * and time written on the row, and moves the per-status counts, inside that statement.
 *
 * Why this is right under concurrency on PostgreSQL: an UPDATE locks the row, and under READ
 * COMMITTED one that waited for a concurrent change re-checks its WHERE on the committed row. Of
 * two transitions from `open`, the second then finds `under-review`, matches nothing and logs
 * nothing. `status_from = status` reads the row it locked (RETURNING has no OLD before
 * PostgreSQL 18), so the change returned is the one the trigger logged. SQLite and D1 run one
 * writer at a time, and the trigger runs inside the statement there too.
 *
 * The UPDATE also writes the change's request digest on the row (null without one, so an
 * earlier change's never carries over), which the trigger copies into the log entry: a change
 * that matches nothing first looks there for one its request already made.
 */
import type { Kysely, Selectable } from 'kysely';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { ProposalStatus, StatusChange } from '../../core/rules/records.ts';
import type { Database } from '../database.ts';
import { isProposalNumber } from './proposal-rules.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';
import { toStatusChange } from './rows.ts';
import type { ProposalStatusLogTable } from './tables.ts';

export interface Transition extends RequestKeyed {
  to: ProposalStatus;
  allowedFrom: readonly ProposalStatus[];
  reason: string;
  at: string;
}

export type TransitionResult = { change: StatusChange } | { refused: 'not-found' | 'not-allowed' };

/** Moves the status (logged by the trigger), or says the proposal is missing or the move not allowed. */
export async function transitionProposal(db: Kysely<Database>, number: number, change: Transition): Promise<TransitionResult> {
  if (!isProposalNumber(number)) return { refused: 'not-found' };
  // `IN ()` is not SQL: from nowhere, nothing is allowed.
  if (change.allowedFrom.length > 0) {
    const row = await db
      .updateTable('proposals')
      .set((eb) => ({
        status: change.to,
        status_from: eb.ref('status'),
        status_reason: change.reason,
        status_changed_at: change.at,
        status_changes: eb('status_changes', '+', 1),
        status_request_digest: change.requestDigest ?? null,
        updated_at: eb.case().when('updated_at', '<', change.at).then(change.at).else(eb.ref('updated_at')).end(),
      }))
      .where('number', '=', number)
      .where('status', 'in', change.allowedFrom)
      .returning(['status_from', 'status', 'status_reason', 'status_changed_at'])
      .executeTakeFirst();
    if (row) return { change: toStatusChange({ from_status: row.status_from, to_status: row.status, reason: row.status_reason, at: row.status_changed_at }) };
  }
  const earlier = await writtenByRequest<Selectable<ProposalStatusLogTable>>(db, 'proposal_status_log', change.requestDigest);
  if (earlier) return { change: toStatusChange(earlier) };
  const exists = await db.selectFrom('proposals').select('number').where('number', '=', number).executeTakeFirst();
  return { refused: exists ? 'not-allowed' : 'not-found' };
}
