/**
 * Reading proposals: one by number (its row, then its history), the listing newest first (by
 * number, descending, through the index that matches the filter) and the maintained counts.
 */
import type { Kysely } from 'kysely';
import type { Page } from '../../core/store/page.ts';
import { PROPOSAL_STATUSES, type ProposalRecord, type ProposalStatus, type ProposalSummary, type RulesCounts } from '../../core/rules/records.ts';
import type { Database } from '../database.ts';
import { readTotals } from '../shared/pending-totals.ts';
import { RULES_TOTALS } from './0002-triggers.ts';
import type { RulesTotalsTable } from './tables.ts';
import { keysetPage } from '../shared/keyset-page.ts';
import { isProposalNumber } from './proposal-rules.ts';
import { asNumber } from '../shared/columns.ts';
import { AUTHOR_COLUMNS } from '../agents/rows.ts';
import { toProposalSummary, toReview, toRevision, toStatusChange } from './rows.ts';

/** Where each status is counted. */
const STATUS_COLUMNS: Record<ProposalStatus, Extract<keyof RulesTotalsTable, `status_${string}`>> = {
  open: 'status_open',
  'under-review': 'status_under_review',
  accepted: 'status_accepted',
  rejected: 'status_rejected',
  withdrawn: 'status_withdrawn',
};

function summaries(db: Kysely<Database>) {
  return db.selectFrom('proposals as p').innerJoin('agents as a', 'a.id', 'p.author_id').selectAll('p').select(AUTHOR_COLUMNS);
}

/**
 * The proposal's row first, then its history up to what that row counts (revisions up to its
 * revision count, the log up to its status changes), so a write landing between the reads
 * does not make the record disagree with itself.
 */
export async function proposalByNumber(db: Kysely<Database>, number: number): Promise<ProposalRecord | null> {
  if (!isProposalNumber(number)) return null;
  const row = await summaries(db).where('p.number', '=', number).executeTakeFirst();
  if (!row) return null;
  const revisions = await db
    .selectFrom('proposal_revisions')
    .selectAll()
    .where('proposal_number', '=', number)
    .where('number', '<=', row.revision_count)
    .orderBy('number')
    .execute();
  const reviews = await db
    .selectFrom('proposal_reviews as v')
    .innerJoin('agents as a', 'a.id', 'v.reviewer_id')
    .selectAll('v')
    .select(AUTHOR_COLUMNS)
    .where('v.proposal_number', '=', number)
    .where('v.revision', '<=', row.revision_count)
    .orderBy('v.revision')
    .execute();
  const log = await db.selectFrom('proposal_status_log').selectAll().where('proposal_number', '=', number).where('seq', '<=', row.status_changes).orderBy('seq').execute();
  return { ...toProposalSummary(row), revisions: revisions.map(toRevision), reviews: reviews.map(toReview), statusLog: log.map(toStatusChange) };
}

/** Newest first: the highest number first (numbers are given in order of proposal). */
export async function listProposals(
  db: Kysely<Database>,
  filter: { status?: ProposalStatus; gameId?: string; authorId?: string },
  page: Page,
): Promise<{ items: ProposalSummary[]; next: string | null }> {
  const listing = `proposals:${JSON.stringify([filter.status ?? null, filter.gameId ?? null, ...(filter.authorId === undefined ? [] : [filter.authorId])])}`;
  let query = summaries(db);
  if (filter.status !== undefined) query = query.where('p.status', '=', filter.status);
  if (filter.gameId !== undefined) query = query.where('p.game_id', '=', filter.gameId);
  if (filter.authorId !== undefined) query = query.where('p.author_id', '=', filter.authorId);
  return keysetPage(page, {
    listing,
    shape: ['number'],
    query: query.orderBy('p.number', 'desc'),
    after: (query, [number]) => query.where('p.number', '<', number as number),
    keyOf: (row) => [asNumber(row.number)],
    toItem: toProposalSummary,
  });
}

/** The maintained counts: one key lookup, every status present. */
export async function rulesCounts(db: Kysely<Database>): Promise<RulesCounts> {
  const row = await readTotals(db, RULES_TOTALS);
  const byStatus = Object.fromEntries(PROPOSAL_STATUSES.map((status) => [status, row[STATUS_COLUMNS[status]]])) as Record<ProposalStatus, number>;
  return { proposals: row.proposals, reviews: row.reviews, byStatus };
}
