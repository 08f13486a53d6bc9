/**
 * Creating a proposal under its next number, with no read-then-write: one statement computes
 * MAX(number) + 1 and inserts, doing nothing if a concurrent insert took that number
 * (the primary key). A lost race is retried; each loss means another proposal got a number, so
 * the rounds are bounded by the number of concurrent creators. The proposal's trigger writes
 * its revision 1 and its first status-log entry inside that same insert. A proposal whose
 * request already created one inserts nothing (`request_digest` is unique): that one is returned,
 * as it stands now.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { NewProposal, ProposalRecord } from '../../core/rules/records.ts';
import { withAuthorOf } from '../agents/agent-summary.ts';
import type { Database, ProposalsTable } from '../database.ts';
import { proposalByNumber } from './proposal-reads.ts';
import { MAXIMUM_ROUNDS } from './proposal-rules.ts';
import { toProposalSummary, toRevision, toStatusChange } from '../social/rows.ts';

/** Stores the proposal as the next number, with revision 1 and status-log entry 1; returns it as stored. */
export async function createProposal(db: Kysely<Database>, proposal: NewProposal & RequestKeyed): Promise<ProposalRecord> {
  for (let round = 0; round < MAXIMUM_ROUNDS; round++) {
    const row = await insertNext(db, proposal);
    if (!row) {
      const earlier = await writtenBy(db, proposal.requestDigest);
      if (earlier) return earlier;
      continue;
    }
    // What the insert and its trigger wrote, as the stored row says it.
    return {
      ...toProposalSummary(await withAuthorOf(db, row, row.author_id)),
      revisions: [toRevision({ ...row, proposal_number: row.number, number: row.revision_count })],
      reviews: [],
      statusLog: [toStatusChange({ from_status: row.status_from, to_status: row.status, reason: row.status_reason, at: row.status_changed_at })],
    };
  }
  throw new Error(`proposal ${proposal.id} lost the race for a number ${MAXIMUM_ROUNDS} times`);
}

/**
 * INSERT INTO proposals (…, number) SELECT …, n.next FROM (SELECT COALESCE(MAX(number), 0) + 1
 * AS next FROM proposals) n WHERE true ON CONFLICT DO NOTHING RETURNING *
 */
function insertNext(db: Kysely<Database>, proposal: NewProposal & RequestKeyed): Promise<Selectable<ProposalsTable> | undefined> {
  const values: Omit<ProposalsTable, 'number'> = {
    id: proposal.id,
    game_id: proposal.gameId,
    author_id: proposal.authorId,
    status: 'open',
    title: proposal.title,
    summary: proposal.summary,
    rule_text: proposal.ruleText,
    rationale: proposal.rationale,
    // Revision 1 and status-log entry 1 are written by the trigger from these columns.
    revision_count: 1,
    review_count: 0,
    status_changes: 1,
    status_from: null,
    status_reason: 'proposed',
    status_changed_at: proposal.createdAt,
    created_at: proposal.createdAt,
    updated_at: proposal.createdAt,
    request_digest: proposal.requestDigest ?? null,
    status_request_digest: null,
  };
  const columns = Object.keys(values) as (keyof typeof values)[];
  const next = db.selectFrom('proposals').select(sql<number>`coalesce(max(${sql.ref('number')}), 0) + 1`.as('next'));
  const source = db
    .selectFrom(next.as('n'))
    .select((eb) => [...columns.map((column) => eb.val(values[column]).as(column)), 'n.next'])
    // SQLite parses `INSERT … SELECT … ON CONFLICT` only when the SELECT has a WHERE.
    .where(sql<boolean>`true`);
  return db
    .insertInto('proposals')
    .columns([...columns, 'number'])
    .expression(source)
    // A number another proposal took, or this request's own earlier proposal.
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The proposal this request already created, if it did. */
async function writtenBy(db: Kysely<Database>, requestDigest: string | undefined): Promise<ProposalRecord | null> {
  if (requestDigest === undefined) return null;
  const row = await db.selectFrom('proposals').select('number').where('request_digest', '=', requestDigest).executeTakeFirst();
  return row ? proposalByNumber(db, row.number) : null;
}
