/**
 * A proposal's next revision in one conditional insert: the revision is selected from the
 * proposal's row only when the author matches and the status takes revisions, the fields it
 * leaves out taken from that row (the current text), numbered
 * `revision_count + 1` (the row's count, which the revisions trigger keeps equal to the highest
 * number), and does nothing if a concurrent insert took that number
 * (PRIMARY KEY (proposal_number, number)). When nothing was inserted, a read of the proposal says
 * why (not found, not the author, closed) or finds a lost race, which is retried. A revision
 * whose request already added one inserts nothing (`request_digest` is unique): that one is
 * returned.
 *
 * On PostgreSQL the SELECT locks the proposal row (FOR NO KEY UPDATE, which every UPDATE of
 * the row also takes), and READ COMMITTED re-checks a locked row that changed meanwhile: a
 * revision waits for a concurrent transition and is refused if it closed the proposal, and
 * concurrent revisions queue and each takes the count its predecessor left. Without the lock,
 * a revision checked against the status before a concurrent acceptance would land after it.
 * SQLite and D1 have one writer at a time and no such clause.
 */
import type { Kysely, Selectable } from 'kysely';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { RevisionContent, RevisionRecord } from '../../core/rules/records.ts';
import type { Database } from '../database.ts';
import type { ProposalRevisionsTable } from './tables.ts';
import type { DialectFamily } from '../shared/family.ts';
import { retryLostRaces } from '../shared/next-number.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';
import { isProposalNumber, MAXIMUM_ROUNDS, REVISABLE } from './proposal-rules.ts';
import { toRevision } from './rows.ts';

export type RevisionResult = { revision: RevisionRecord } | { refused: 'not-found' | 'not-author' | 'closed' };

/** Adds the next revision, or says why not; retries only a lost race for a number. */
export async function addRevision(
  db: Kysely<Database>,
  family: DialectFamily,
  number: number,
  authorId: string,
  revision: Partial<RevisionContent> & { createdAt: string } & RequestKeyed,
): Promise<RevisionResult> {
  if (!isProposalNumber(number)) return { refused: 'not-found' };
  return retryLostRaces(MAXIMUM_ROUNDS, `a revision of proposal ${number}`, async () => {
    const row =
      (await insertNext(db, family, number, authorId, revision)) ?? (await writtenByRequest<Selectable<ProposalRevisionsTable>>(db, 'proposal_revisions', revision.requestDigest));
    if (row) return { revision: toRevision(row) };
    const proposal = await db.selectFrom('proposals').select(['author_id', 'status']).where('number', '=', number).executeTakeFirst();
    if (!proposal) return { refused: 'not-found' as const };
    if (proposal.author_id !== authorId) return { refused: 'not-author' as const };
    if (!REVISABLE.includes(proposal.status)) return { refused: 'closed' as const };
    return undefined;
  });
}

/**
 * INSERT INTO proposal_revisions (…) SELECT p.number, p.revision_count + 1, COALESCE(?, p.title), … FROM proposals p
 * WHERE p.number = ? AND p.author_id = ? AND p.status IN ('open', 'under-review')
 * [FOR NO KEY UPDATE] ON CONFLICT DO NOTHING RETURNING *
 */
function insertNext(
  db: Kysely<Database>,
  family: DialectFamily,
  number: number,
  authorId: string,
  revision: Partial<RevisionContent> & { createdAt: string } & RequestKeyed,
): Promise<Selectable<ProposalRevisionsTable> | undefined> {
  let source = db
    .selectFrom('proposals as p')
    .select((eb) => [
      'p.number as proposal_number',
      eb('p.revision_count', '+', 1).as('number'),
      // A field the revision leaves out keeps its current text, read in this same statement.
      eb.fn.coalesce(eb.val(revision.title ?? null), 'p.title').as('title'),
      eb.fn.coalesce(eb.val(revision.summary ?? null), 'p.summary').as('summary'),
      eb.fn.coalesce(eb.val(revision.ruleText ?? null), 'p.rule_text').as('rule_text'),
      eb.fn.coalesce(eb.val(revision.rationale ?? null), 'p.rationale').as('rationale'),
      eb.val(revision.createdAt).as('created_at'),
      eb.val(revision.requestDigest ?? null).as('request_digest'),
    ])
    .where('p.number', '=', number)
    .where('p.author_id', '=', authorId)
    .where('p.status', 'in', REVISABLE);
  if (family === 'postgres') source = source.forNoKeyUpdate();
  return (
    db
      .insertInto('proposal_revisions')
      .columns(['proposal_number', 'number', 'title', 'summary', 'rule_text', 'rationale', 'created_at', 'request_digest'])
      .expression(source)
      // A number a concurrent revision took, or this request's own earlier revision.
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst()
  );
}
