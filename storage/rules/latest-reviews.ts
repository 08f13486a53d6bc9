/**
 * The latest reviews of a page of proposals, for the listing: one statement for the whole page,
 * ranking each proposal's reviews with a window function (SQLite 3.25+, PostgreSQL, D1) and
 * counting them in the same pass, so what is shown and what is counted are of one moment.
 */
import type { Kysely } from 'kysely';
import type { ProposalSummary, ReviewRecord } from '../../core/rules/records.ts';
import type { Database } from '../database.ts';
import { asNumber } from '../shared/columns.ts';
import { AUTHOR_COLUMNS } from '../agents/rows.ts';
import { toReview } from './rows.ts';

/** Each listed proposal's newest `each` reviews (by time, then revision) and how many it has. */
export async function latestReviews(
  db: Kysely<Database>,
  proposals: readonly Pick<ProposalSummary, 'number' | 'revisionCount'>[],
  each: number,
): Promise<Map<number, { reviews: ReviewRecord[]; count: number }>> {
  const found = new Map(proposals.map((proposal) => [proposal.number, { reviews: [] as ReviewRecord[], count: 0 }]));
  if (proposals.length === 0 || each < 1) return found;
  const ranked = db
    .selectFrom('proposal_reviews as v')
    .innerJoin('agents as a', 'a.id', 'v.reviewer_id')
    .selectAll('v')
    .select(AUTHOR_COLUMNS)
    .select((eb) => [
      eb.fn
        .agg<number | string>('row_number')
        .over((over) => over.partitionBy('v.proposal_number').orderBy('v.created_at', 'desc').orderBy('v.revision', 'desc'))
        .as('newness'),
      eb.fn
        .countAll<number | string>()
        .over((over) => over.partitionBy('v.proposal_number'))
        .as('review_total'),
    ])
    // Only revisions the listing counted: a revision and its review landing after it stay out.
    .where((eb) => eb.or(proposals.map((proposal) => eb.and([eb('v.proposal_number', '=', proposal.number), eb('v.revision', '<=', proposal.revisionCount)]))));
  const rows = await db.selectFrom(ranked.as('r')).selectAll().where('r.newness', '<=', each).orderBy('r.proposal_number').orderBy('r.newness').execute();
  for (const row of rows) {
    const entry = found.get(asNumber(row.proposal_number))!;
    entry.reviews.push(toReview(row));
    entry.count = asNumber(row.review_total);
  }
  return found;
}
